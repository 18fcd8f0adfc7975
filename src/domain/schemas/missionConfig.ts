/**
 * Mission parameters: which of cause/carrier/place/leadership a new mission must have, the SLA
 * target of each phase in minutes (src/domain/missions/sla.ts; empty: no target), the road factor
 * and average speed of the live arrival estimate (src/domain/positions/eta.ts; empty: default), and
 * the radius around the mission's place inside which the team counts as arrived (docs/rules/positions.md),
 * and the SOS and check-in settings (docs/rules/alarms.md).
 */
import { number, type InferType } from 'yup';
import { BOOLEAN_REQUIRED, INVALID_NUMBER, INVALID_TYPE, maxValue, minValue } from '../messages';
import { NO_SLA_TARGETS } from '../missions/sla';
import { AVERAGE_SPEED_RANGE, ROAD_FACTOR_RANGE } from '../positions/eta';
import { DEFAULT_ARRIVAL_RADIUS_M } from '../positions/presence';
import { ALARM_MESSAGES, DEFAULT_SOS_ESCALATION_MINUTES, ESCALATION_EMAILS_MAX, parseEmailList } from '../alarms';
import { isValidEmail } from '../validators/email';
import { emptyNumberToUndefined, group, optionalPhone, strictBoolean, strictString } from './fields';

const flag = () => strictBoolean().required(BOOLEAN_REQUIRED);

/** A real JSON number (a text is a wrong type, not a number to read); an emptied field is undefined. */
const jsonNumber = () =>
  number()
    .transform((_cast: unknown, raw: unknown) => raw)
    .transform(emptyNumberToUndefined)
    .typeError(INVALID_TYPE);

/** Thirty days: a longer target is a typo (minutes typed as seconds), not a service level. */
export const SLA_TARGET_MAX_MINUTES = 43_200;

/** Minutes, a real JSON integer or null (an emptied field); the arrival tolerance may be 0. */
const minutes = (min: number) =>
  jsonNumber()
    .integer(INVALID_NUMBER)
    .min(min, minValue(min))
    .max(SLA_TARGET_MAX_MINUTES, maxValue(SLA_TARGET_MAX_MINUTES))
    .nullable()
    .default(null);

/** A number within `range`, a real JSON number or null (an emptied field: the default of src/domain/positions/eta.ts). */
const optionalWithin = (range: { min: number; max: number }) =>
  jsonNumber()
    .min(range.min, minValue(range.min))
    .max(range.max, maxValue(range.max))
    .nullable()
    .default(null);

/** Metres: below a GPS fix's usual error the team would never count as arrived; above, a town. */
export const ARRIVAL_RADIUS_RANGE = { min: 50, max: 5_000 } as const;

const metres = () =>
  jsonNumber()
    .integer(INVALID_NUMBER)
    .min(ARRIVAL_RADIUS_RANGE.min, minValue(ARRIVAL_RADIUS_RANGE.min))
    .max(ARRIVAL_RADIUS_RANGE.max, maxValue(ARRIVAL_RADIUS_RANGE.max))
    .nonNullable(INVALID_TYPE)
    .default(DEFAULT_ARRIVAL_RADIUS_M);

/** Minutes of the alarms: at least 1, at most a day (a longer wait is no alarm). */
export const ALARM_MINUTES_RANGE = { min: 1, max: 1_440 } as const;

const alarmMinutes = () =>
  jsonNumber()
    .integer(INVALID_NUMBER)
    .min(ALARM_MINUTES_RANGE.min, minValue(ALARM_MINUTES_RANGE.min))
    .max(ALARM_MINUTES_RANGE.max, maxValue(ALARM_MINUTES_RANGE.max));

/** The escalation addresses as typed (commas, semicolons, spaces or lines between them), kept as 'a@x.com, b@y.com'. */
const emailList = () =>
  strictString()
    .max(2_000, ALARM_MESSAGES.emailsTooLong)
    .nullable()
    .default(null)
    .transform((value: unknown) => (typeof value === 'string' ? parseEmailList(value).join(', ') || null : value))
    .test({ name: 'invalid_email', message: ALARM_MESSAGES.invalidEmails, test: (v) => !v || parseEmailList(v).every(isValidEmail) })
    .test({ name: 'too_many', message: ALARM_MESSAGES.tooManyEmails, test: (v) => !v || parseEmailList(v).length <= ESCALATION_EMAILS_MAX });

export const missionConfigSchema = group({
  required: group({
    cause: flag(),
    carrier: flag(),
    place: flag(),
    leadership: flag(),
  }),
  sla: group({
    proposal: minutes(1),
    accept: minutes(1),
    arrival: minutes(0),
    execution: minutes(1),
    billing: minutes(1),
  }),
  // The live arrival estimate without a router (docs/rules/positions.md).
  eta: group({
    roadFactor: optionalWithin(ROAD_FACTOR_RANGE),
    averageSpeedKmh: optionalWithin(AVERAGE_SPEED_RANGE).integer(INVALID_NUMBER),
  }),
  arrival: group({ radius: metres() }),
  // SOS and check-in (docs/rules/alarms.md).
  alarms: group({
    phone: optionalPhone(),
    emails: emailList(),
    escalateMinutes: alarmMinutes().nonNullable(INVALID_TYPE).default(DEFAULT_SOS_ESCALATION_MINUTES),
    silenceMinutes: alarmMinutes().nullable().default(null),
  }),
});
export type MissionConfigValues = InferType<typeof missionConfigSchema>;
export const missionConfigInitialValues: MissionConfigValues = {
  required: { cause: false, carrier: false, place: false, leadership: false },
  sla: { ...NO_SLA_TARGETS },
  eta: { roadFactor: null, averageSpeedKmh: null },
  arrival: { radius: DEFAULT_ARRIVAL_RADIUS_M },
  alarms: { phone: null, emails: null, escalateMinutes: DEFAULT_SOS_ESCALATION_MINUTES, silenceMinutes: null },
};
