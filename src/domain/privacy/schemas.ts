/**
 * What the 'Privacidade' screen sends (docs/rules/privacy.md), checked the same by the form and the
 * server: the data subject searched, a request and its answer, the retention, an incident.
 */
import { number, type InferType } from 'yup';
import { INVALID_CPF, INVALID_DATE, INVALID_EMAIL, INVALID_TYPE } from '../messages';
import { enumField, group, optionalIdRef, requiredText, strictString } from '../schemas/fields';
import { isValidCpf, normalizeCpf } from '../validators/cpf';
import { isValidEmail } from '../validators/email';
import { PRIVACY_MESSAGES as M, PRIVACY_REQUEST_KINDS, RETENTION_LIMITS } from './index';

/** Who is searched: by CPF (digits), by e-mail (lower-case) or by a piece of the name. */
export type SubjectQuery = { kind: 'cpf'; cpf: string } | { kind: 'email'; email: string } | { kind: 'name'; name: string };

/** How a typed subject is read: only digits and CPF punctuation is a CPF, an '@' an e-mail, anything else a name. */
export function subjectQuery(typed: string): SubjectQuery {
  const text = typed.trim();
  if (/^[\d.\-\s]+$/.test(text)) return { kind: 'cpf', cpf: normalizeCpf(text) };
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() };
  return { kind: 'name', name: text.replace(/\s+/g, ' ') };
}

function subjectProblem(typed: string): string | undefined {
  const query = subjectQuery(typed);
  if (query.kind === 'cpf') return isValidCpf(typed.trim()) ? undefined : INVALID_CPF;
  if (query.kind === 'email') return isValidEmail(query.email) ? undefined : INVALID_EMAIL;
  return query.name.length >= 3 ? undefined : M.subjectTooShort;
}

const subjectField = () =>
  requiredText(M.subjectRequired, 'name').test({
    name: 'invalid_subject',
    test(value) {
      const problem = value ? subjectProblem(value) : undefined;
      return problem ? this.createError({ message: problem }) : true;
    },
  });

/** Today in Brasília (YYYY-MM-DD): a request or an incident dated later is a typing mistake. */
export const brasiliaToday = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A calendar day (YYYY-MM-DD), not after today. */
const pastDay = (requiredMessage: string) =>
  strictString()
    // yup's own trim() would throw on a number before the type check refuses it (a 500).
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
    .required(requiredMessage)
    .test({ name: 'invalid_date', message: INVALID_DATE, test: (v) => !v || (isDay(v) && v >= '1900-01-01') })
    .test({ name: 'future_date', message: M.dateInFuture, test: (v) => !v || !isDay(v) || v <= brasiliaToday() });

const optionalPastDay = () =>
  strictString()
    .nullable()
    .transform((v: unknown) => (v === '' || v === undefined ? null : v))
    .default(null)
    .test({ name: 'invalid_date', message: INVALID_DATE, test: (v) => !v || (isDay(v) && v >= '1900-01-01') })
    .test({ name: 'future_date', message: M.dateInFuture, test: (v) => !v || !isDay(v) || v <= brasiliaToday() });

const integerIn = (limits: { min: number; max: number }, message: string) =>
  number()
    .transform((_cast: unknown, raw: unknown) => raw)
    .typeError(INVALID_TYPE)
    .required(message)
    .integer(message)
    .min(limits.min, message)
    .max(limits.max, message);

/** The tenant acted for: a tenant's own users send none (theirs is used); the platform admin names one. */
const tenant = () => optionalIdRef();

export const subjectSearchSchema = group({ riskManager: tenant(), subject: subjectField() });
export type SubjectSearchValues = InferType<typeof subjectSearchSchema>;

export const privacyRequestSchema = group({
  riskManager: tenant(),
  kind: enumField(PRIVACY_REQUEST_KINDS, M.kindRequired),
  requesterName: requiredText(M.requesterRequired, 'name'),
  channel: requiredText(M.channelRequired, 'name'),
  receivedOn: pastDay(M.receivedOnRequired),
  subject: subjectField(),
});
export type PrivacyRequestValues = InferType<typeof privacyRequestSchema>;

export const privacyAnswerSchema = group({ answer: requiredText(M.answerRequired, 'longText') });
export type PrivacyAnswerValues = InferType<typeof privacyAnswerSchema>;

export const retentionSchema = group({
  riskManager: tenant(),
  positionDays: integerIn(RETENTION_LIMITS.positionDays, M.positionDays),
  missionPeopleYears: integerIn(RETENTION_LIMITS.missionPeopleYears, M.missionPeopleYears),
});
export type RetentionValues = InferType<typeof retentionSchema>;

export const incidentSchema = group({
  riskManager: tenant(),
  occurredOn: pastDay(M.occurredOnRequired),
  nature: requiredText(M.natureRequired, 'longText'),
  dataCategories: requiredText(M.categoriesRequired, 'text'),
  peopleAffected: integerIn({ min: 0, max: 2147483647 }, M.peopleAffected),
  measures: requiredText(M.measuresRequired, 'longText'),
  anpdNotifiedOn: optionalPastDay(),
  subjectsNotifiedOn: optionalPastDay(),
}).test({
  name: 'notified_before_incident',
  // Named on the notification's own field, so the form shows it under the date to fix.
  test(v) {
    const early = (['anpdNotifiedOn', 'subjectsNotifiedOn'] as const).find((field) => v[field] && v.occurredOn && v[field] < v.occurredOn);
    return early ? this.createError({ path: early, message: M.notifiedBeforeIncident }) : true;
  },
});
export type IncidentValues = InferType<typeof incidentSchema>;
