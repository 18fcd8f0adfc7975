import { CONTACT_CONTRACT, CONTACT_FAILED, CONTACT_TOO_MANY } from '../../src/domain/company';
import { contactSchema, type ContactValues } from '../../src/domain/schemas/contact';
import { isOver, LIMIT_WINDOW_MS, reserve, secondsLeft, type Limit } from '../auth/authLimits';
import { HttpError, tooManyRequests } from '../errors/httpErrors';
import { loggableError } from '../db/loggableError';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { validBody } from '../shared/validation';

/**
 * Contact service (docs/rules/validation.md, docs/api.md, base /api/contact): the landing page's 'Fale
 * conosco' form, sent
 * by the mailer to CONTACT_EMAIL (the outbox in the embedded mode). Public, so it is rate-limited
 * per client address with the auth limits' shared counters (every instance sees the same count).
 */
export const CONTACT_LIMIT = (ip: string): Limit => ({ key: `contact:ip:${ip}`, max: 5, windowMs: LIMIT_WINDOW_MS });

export const contactMailSubject = (name: string) => `Fale conosco: mensagem de ${name}`;

export function contactMailText(value: ContactValues): string {
  return [`Nome: ${value.name}`, `E-mail: ${value.email}`, '', value.message].join('\n');
}

export function contactHandlers({ db, mailer, config, now }: FeatureDeps) {
  return {
    send: serves(CONTACT_CONTRACT, async (request, reply) => {
      const value = await validBody(contactSchema, request.body);
      const at = now();
      // Counted after validation: a form with a missing field costs the visitor nothing.
      const [hit] = await reserve(db, [CONTACT_LIMIT(request.ip)], at);
      if (isOver(hit)) throw tooManyRequests(CONTACT_TOO_MANY, secondsLeft(hit, at));
      try {
        await mailer.send({ to: config.contactEmail, subject: contactMailSubject(value.name), text: contactMailText(value) });
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'contact e-mail not sent');
        throw new HttpError(502, { error: CONTACT_FAILED });
      }
      reply.status(201);
      return { sent: true } as const;
    }),
  };
}
