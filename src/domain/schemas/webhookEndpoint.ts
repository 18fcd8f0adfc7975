/**
 * A webhook endpoint as the risk manager writes it (POST and PUT integrations/webhooks,
 * docs/rules/webhooks.md): its address, the events it receives and whether it is on. Whether a
 * plain http:// address is accepted is the server's configuration (WEBHOOK_ALLOW_HTTP); here only
 * that it is a web address without credentials.
 */
import { array, type InferType } from 'yup';
import { INVALID_OPTION, INVALID_TYPE, RISK_MANAGER_REQUIRED, maxLength } from '../messages';
import { MAX_WEBHOOK_URL, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '../webhooks';
import { group, optionalIdRef, strictBoolean, strictString } from './fields';

/** The problem with `value` as a webhook address, or null. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MESSAGES.urlInvalid;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  return null;
}

const webhookFields = {
  url: strictString()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(WEBHOOK_MESSAGES.urlRequired)
    .max(MAX_WEBHOOK_URL, maxLength(MAX_WEBHOOK_URL))
    .test({
      name: 'invalid_url',
      test(value, context) {
        const problem = value === undefined ? null : webhookUrlProblem(value);
        return problem ? context.createError({ message: problem }) : true;
      },
    }),
  events: array(strictString().oneOf([...WEBHOOK_EVENTS], INVALID_OPTION).required(INVALID_OPTION))
    .typeError(INVALID_TYPE)
    .required(WEBHOOK_MESSAGES.eventsRequired)
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length, INVALID_OPTION),
  active: strictBoolean().default(true),
};

export const webhookEndpointSchema = group({ ...webhookFields, riskManager: optionalIdRef(RISK_MANAGER_REQUIRED) });
export type WebhookEndpointValues = InferType<typeof webhookEndpointSchema>;

export const webhookEndpointUpdateSchema = group(webhookFields);
export type WebhookEndpointUpdateValues = InferType<typeof webhookEndpointUpdateSchema>;
