/**
 * The details forms and calls (docs/rules/validation.md: Vehicle, Occurrence, Security agent, Attachment, Chat
 * message). Field names are the API's, so one schema checks the form and the request body alike.
 */
import { ValidationError, type InferType } from 'yup';
import { maskPlate } from '../masks';
import {
  ATTACHMENT_DESCRIPTION_REQUIRED,
  AGENT_NAME_REQUIRED,
  CHAT_EMPTY,
  CITY_REQUIRED,
  INVALID_CEP,
  INVALID_CPF,
  INVALID_DATE,
  INVALID_OPTION,
  INVALID_PLATE,
  OCCURRENCE_DATE_REQUIRED,
  OCCURRENCE_DESCRIPTION_REQUIRED,
  OCCURRENCE_TYPE_REQUIRED,
  PHOTO_POSITION_INCOMPLETE,
  PHOTO_TIME_IN_FUTURE,
  STATE_REQUIRED,
  VEHICLE_DRIVER_REQUIRED,
  VEHICLE_PLATE_REQUIRED,
  VEHICLE_TYPE_REQUIRED,
  maxLength,
  maxValue,
  minValue,
} from '../messages';
import { OCCURRENCE_TYPES, VEHICLE_TYPES } from '../missionDetails/itemKinds';
import { CHAT_TYPES } from '../missionDetails/types';
import { isValidCep, normalizeCep } from '../validators/cep';
import { contextNow, isAheadOf, latestVehicleYear } from '../validators/clock';
import { dateTextProblem } from '../validators/dates';
import { isValidCpf, normalizeCpf } from '../validators/cpf';
import { parseDecimal, LATITUDE_BOUNDS, LONGITUDE_BOUNDS } from '../validators/numbers';
import { isValidPlate } from '../validators/plate';
import { decimalField, emptyNumberToUndefined, enumField, group, optionalIdRef, optionalText, requiredText, strictInteger, strictString, textOf } from './fields';

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/**
 * An instant as ISO text (the forms turn their local date-time into it); anything else 'Data
 * inválida', and one outside the product's years DATE_OUT_OF_RANGE (validators/dates.ts).
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
export const isIsoInstant = (value: unknown): value is string =>
  typeof value === 'string' && ISO_INSTANT.test(value) && Number.isFinite(Date.parse(value));
const instantField = (requiredMessage: string) =>
  strictString()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
    .required(requiredMessage)
    .test({
      name: 'invalid_date',
      test(value) {
        const problem = !value ? undefined : isIsoInstant(value) ? dateTextProblem(value) : INVALID_DATE;
        return problem ? this.createError({ message: problem }) : true;
      },
    });

/** An optional decimal within bounds (occurrence coordinates): blank → null. */
const optionalDecimal = (bounds: { min: number; max: number }) =>
  decimalField('', bounds).transform((v: unknown, raw: unknown) => (blankToNull(raw) === null ? null : v)).nullable().notRequired().default(null);

// ── Vehicle ────────────────────────────────────────────────────────────────
/** The plate as the form shows it after the blur (maskPlate): upper case, old format hyphenated. */
const plateField = () =>
  strictString()
    .transform((v: unknown) => (typeof v === 'string' ? maskPlate(v.trim()) : v))
    .required(VEHICLE_PLATE_REQUIRED)
    .max(8, maxLength(8))
    .test({ name: 'invalid_plate', message: INVALID_PLATE, test: (v) => !v || isValidPlate(v) });

const cpfField = () =>
  strictString()
    .nullable()
    .transform(blankToNull)
    .transform((v: unknown) => (typeof v === 'string' ? normalizeCpf(v) : v))
    .default(null)
    .test({ name: 'invalid_cpf', message: INVALID_CPF, test: (v) => v === null || v === undefined || isValidCpf(v) });

export const vehicleSchema = group({
  driver: requiredText(VEHICLE_DRIVER_REQUIRED),
  driverPIN: cpfField(),
  type: enumField(VEHICLE_TYPES, VEHICLE_TYPE_REQUIRED),
  plate: plateField(),
  chassis: optionalText('name'),
  make: optionalText('name'),
  model: optionalText('name'),
  // docs/rules/validation.md: number, minimum 0; at most next year (validators/clock.ts), which also
  // keeps it to 4 characters.
  year: strictInteger()
    .transform(emptyNumberToUndefined)
    .nullable()
    .default(null)
    .min(0, minValue(0))
    .test({
      name: 'max',
      test(value) {
        const latest = latestVehicleYear(contextNow(this.options.context));
        return value === null || value === undefined || value <= latest || this.createError({ message: maxValue(latest) });
      },
    }),
  color: optionalText('name'),
});
export type VehicleValues = InferType<typeof vehicleSchema>;

// ── Occurrence ─────────────────────────────────────────────────────────────
const optionalCep = () =>
  strictString()
    .nullable()
    .transform(blankToNull)
    .transform((v: unknown) => (typeof v === 'string' ? normalizeCep(v.trim()) : v))
    .default(null)
    .test({ name: 'invalid_cep', message: INVALID_CEP, test: (v) => v === null || v === undefined || isValidCep(v) });

export const occurrenceSchema = group({
  date: instantField(OCCURRENCE_DATE_REQUIRED),
  type: enumField(OCCURRENCE_TYPES, OCCURRENCE_TYPE_REQUIRED),
  description: requiredText(OCCURRENCE_DESCRIPTION_REQUIRED, 'longText'),
  zipcode: optionalCep(),
  neighborhood: optionalText('text'),
  city: requiredText(CITY_REQUIRED),
  state: requiredText(STATE_REQUIRED),
  address: optionalText('text'),
  number: optionalText('text'),
  complement: optionalText('text'),
  latitude: optionalDecimal(LATITUDE_BOUNDS),
  longitude: optionalDecimal(LONGITUDE_BOUNDS),
});
export type OccurrenceValues = InferType<typeof occurrenceSchema>;

// ── Security agent ─────────────────────────────────────────────────────────
export const ODOMETER_POINTS = ['start', 'arrivalOnPlace', 'endOnPlace', 'end'] as const;
export type OdometerPointName = (typeof ODOMETER_POINTS)[number];

/** How each point reads in a kilometre message and in a time message. */
const KM_PHRASE: Record<OdometerPointName, string> = {
  start: 'do início da missão',
  arrivalOnPlace: 'da chegada no local da missão',
  endOnPlace: 'da saída do local da missão',
  end: 'do fim da missão',
};
const TIME_PHRASE: Record<OdometerPointName, string> = {
  start: 'de início da missão',
  arrivalOnPlace: 'da chegada no local da missão',
  endOnPlace: 'da saída do local da missão',
  end: 'de fim da missão',
};
/** Row labels of the agent form. */
export const ODOMETER_LABELS: Record<OdometerPointName, string> = {
  start: 'Início da missão',
  arrivalOnPlace: 'Chegada no local',
  endOnPlace: 'Saída do local',
  end: 'Fim da missão',
};

export const agentKmRequired = (p: OdometerPointName) => `Preencha a kilometragem ${KM_PHRASE[p]}`;
export const agentTimeRequired = (p: OdometerPointName) => `Preencha o horário ${TIME_PHRASE[p]}`;
/** The earlier point's message (lte) and the later point's (gte), docs/rules/validation.md. */
export const kmOrderLte = (a: OdometerPointName, b: OdometerPointName) =>
  `Kilometragem ${KM_PHRASE[a]} deve ser menor que kilometragem ${KM_PHRASE[b]}`;
export const kmOrderGte = (a: OdometerPointName, b: OdometerPointName) =>
  `Kilometragem ${KM_PHRASE[b]} deve ser maior que kilometragem ${KM_PHRASE[a]}`;
export const timeOrderLte = (a: OdometerPointName, b: OdometerPointName) =>
  `Horário ${TIME_PHRASE[a]} deve ser antes do horário ${TIME_PHRASE[b]}`;
export const timeOrderGte = (a: OdometerPointName, b: OdometerPointName) =>
  `Horário ${TIME_PHRASE[b]} deve ser depois do horário ${TIME_PHRASE[a]}`;
/** A reading's time more than a few minutes ahead of the server's clock (validators/clock.ts). */
export const timeInFuture = (p: OdometerPointName) => `Horário ${TIME_PHRASE[p]} não pode estar no futuro`;

/** Kilometres an odometer can read. */
const MAX_KM = 10_000_000;

const reading = (point: OdometerPointName) =>
  group({
    km: decimalField(agentKmRequired(point), { min: 0, max: MAX_KM }),
    time: instantField(agentTimeRequired(point)).test({
      name: 'too_big',
      test(value) {
        const ahead = isIsoInstant(value) && isAheadOf(Date.parse(value), contextNow(this.options.context));
        return !ahead || this.createError({ message: timeInFuture(point) });
      },
    }),
  });

type Reading = { km?: unknown; time?: unknown } | null | undefined;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A point after the start: readings are saved one at a time as the mission goes
 * (docs/rules/field-app.md), so a point not read yet is null — or both its fields left blank, as
 * the form sends it. A half-filled point still asks for its other half.
 */
const laterReading = (point: OdometerPointName) =>
  reading(point)
    .nullable()
    .default(null)
    .transform((value: Reading) => (value !== null && typeof value === 'object' && isBlank(value.km) && isBlank(value.time) ? null : value));

/** The points read so far, in order: a point read while an earlier one is not asks for the earlier one. */
function gapErrors(odometer: Partial<Record<OdometerPointName, Reading>>, path: string): ValidationError[] {
  const lastRead = ODOMETER_POINTS.findLastIndex((point) => odometer[point] != null);
  return ODOMETER_POINTS.slice(0, Math.max(lastRead, 0))
    .filter((point) => odometer[point] == null)
    .flatMap((point) => [
      new ValidationError(agentKmRequired(point), null, `${path}.${point}.km`, 'required'),
      new ValidationError(agentTimeRequired(point), null, `${path}.${point}.time`, 'required'),
    ]);
}

/** The ordering start ≤ arrival ≤ end on place ≤ end, for km and time, on each adjacent pair read. */
function orderingErrors(odometer: Partial<Record<OdometerPointName, Reading>>, path: string): ValidationError[] {
  const errors: ValidationError[] = [];
  for (let i = 0; i + 1 < ODOMETER_POINTS.length; i++) {
    const a = ODOMETER_POINTS[i] as OdometerPointName;
    const b = ODOMETER_POINTS[i + 1] as OdometerPointName;
    const [ra, rb] = [odometer[a], odometer[b]];
    const [ka, kb] = [parseDecimal(ra?.km), parseDecimal(rb?.km)];
    if (ka !== null && kb !== null && ka > kb) {
      errors.push(new ValidationError(kmOrderLte(a, b), ra?.km, `${path}.${a}.km`, 'invalid_order'));
      errors.push(new ValidationError(kmOrderGte(a, b), rb?.km, `${path}.${b}.km`, 'invalid_order'));
    }
    if (isIsoInstant(ra?.time) && isIsoInstant(rb?.time) && Date.parse(ra.time) > Date.parse(rb.time)) {
      errors.push(new ValidationError(timeOrderLte(a, b), ra.time, `${path}.${a}.time`, 'invalid_order'));
      errors.push(new ValidationError(timeOrderGte(a, b), rb.time, `${path}.${b}.time`, 'invalid_order'));
    }
  }
  return errors;
}

/** Every point read (a mission is finished only so: server/missions/status.ts). */
export const isOdometerComplete = (odometer: Partial<Record<OdometerPointName, Reading>>): boolean =>
  ODOMETER_POINTS.every((point) => odometer[point] != null || (point === 'endOnPlace' && odometer.end != null));

export const securityAgentSchema = group({
  name: requiredText(AGENT_NAME_REQUIRED),
  /** The roster agent picked (docs/rules/agents.md); null: a name typed by a provider without a roster. */
  rosterAgent: optionalIdRef(),
  odometer: group({
    start: reading('start'),
    arrivalOnPlace: laterReading('arrivalOnPlace'),
    endOnPlace: laterReading('endOnPlace'),
    end: laterReading('end'),
  }).test({
    name: 'invalid_order',
    test(value) {
      const odometer = value ?? {};
      const errors = [...gapErrors(odometer, this.path), ...orderingErrors(odometer, this.path)];
      return errors.length === 0 ? true : new ValidationError(errors);
    },
  }),
});
export type SecurityAgentValues = InferType<typeof securityAgentSchema>;

// ── Attachment ─────────────────────────────────────────────────────────────
export const attachmentDescriptionSchema = group({
  description: requiredText(ATTACHMENT_DESCRIPTION_REQUIRED, 'text'),
});

/**
 * An attachment as uploaded (docs/rules/field-app.md, "Fotos do local"): its description and, for a
 * photo, when it was taken and where the phone was, both optional; the position is both
 * coordinates or none, and the time may not lie ahead of the server's clock.
 */
export const attachmentUploadSchema = attachmentDescriptionSchema.shape({
  capturedAt: strictString()
    .nullable()
    .transform(blankToNull)
    .default(null)
    .test({
      name: 'invalid_date',
      test(value) {
        if (value === null || value === undefined) return true;
        if (!isIsoInstant(value)) return this.createError({ message: INVALID_DATE });
        const problem = dateTextProblem(value) ?? (isAheadOf(Date.parse(value), contextNow(this.options.context)) ? PHOTO_TIME_IN_FUTURE : undefined);
        return problem ? this.createError({ message: problem }) : true;
      },
    }),
  latitude: optionalDecimal(LATITUDE_BOUNDS),
  longitude: optionalDecimal(LONGITUDE_BOUNDS),
}).test({
  name: 'invalid_position',
  test(value) {
    const { latitude = null, longitude = null } = value ?? {};
    if ((latitude === null) === (longitude === null)) return true;
    return this.createError({ path: latitude === null ? 'latitude' : 'longitude', message: PHOTO_POSITION_INCOMPLETE });
  },
});
export type AttachmentUploadValues = InferType<typeof attachmentUploadSchema>;

/** The item an update or delete addresses (docs/api.md: createdAt in ISO). */
export const createdAtSchema = group({ createdAt: instantField(INVALID_DATE) });

// ── Chat message ───────────────────────────────────────────────────────────
/**
 * The text fields of POST chat. Whether a file came is known only to the caller, so the either/or
 * rule (CHAT_EMPTY) takes it as context: `{ hasFile }`.
 */
export const chatMessageSchema = group({
  missionRequest: strictString().required(INVALID_OPTION),
  type: enumField(CHAT_TYPES, INVALID_OPTION),
  message: textOf('longText')
    // Line breaks as '\n' whatever sent them (a browser's multipart form turns each into CR LF).
    .transform((v: unknown) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v))
    .default('')
    .test({
      name: 'too_small',
      message: CHAT_EMPTY,
      test(value) {
        const hasFile = (this.options.context as { hasFile?: boolean } | undefined)?.hasFile === true;
        return hasFile || (value ?? '').length > 0;
      },
    }),
});
export type ChatMessageValues = InferType<typeof chatMessageSchema>;
