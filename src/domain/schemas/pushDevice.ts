/**
 * A device turning on notifications (POST push/devices) and changing its kinds (PUT push/devices/:id),
 * docs/rules/notifications.md: the browser's PushSubscription (its endpoint and keys), a label the
 * person reads in the list of devices and the kinds chosen. Whether a kind fits the caller's role is
 * the server's check (pushKindsFor); here only that it is a kind at all.
 */
import { array, type InferType } from 'yup';
import { INVALID_OPTION, INVALID_TYPE, NOT_EMPTY, maxLength } from '../messages';
import { PUSH_KINDS, PUSH_MESSAGES } from '../push';
import { group, requiredText, strictString } from './fields';

/** Push services' endpoints are a few hundred characters; a longer one is not a subscription. */
export const MAX_PUSH_ENDPOINT = 2048;
/** The keys are base64url: a P-256 public key (65 bytes) and a 16-byte secret; anything longer is not a key. */
const MAX_PUSH_KEY = 200;

const isHttpsUrl = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

const pushKey = () =>
  strictString()
    .required(NOT_EMPTY)
    .max(MAX_PUSH_KEY, maxLength(MAX_PUSH_KEY))
    .matches(/^[A-Za-z0-9_-]+=*$/, { message: INVALID_TYPE, name: 'invalid_string' });

export const pushKindsField = () =>
  array(strictString().oneOf([...PUSH_KINDS], INVALID_OPTION).required(INVALID_OPTION))
    .typeError(INVALID_TYPE)
    .required(NOT_EMPTY)
    .max(PUSH_KINDS.length, INVALID_OPTION);

export const pushSubscribeSchema = group({
  endpoint: strictString()
    .required(NOT_EMPTY)
    .max(MAX_PUSH_ENDPOINT, maxLength(MAX_PUSH_ENDPOINT))
    .test({ name: 'invalid_string', message: PUSH_MESSAGES.endpointNotHttps, test: (v) => v === undefined || isHttpsUrl(v) }),
  keys: group({ p256dh: pushKey(), auth: pushKey() }),
  label: requiredText(NOT_EMPTY, 'name'),
  kinds: pushKindsField(),
});
export type PushSubscribeValues = InferType<typeof pushSubscribeSchema>;

export const pushKindsSchema = group({ kinds: pushKindsField() });
export type PushKindsValues = InferType<typeof pushKindsSchema>;
