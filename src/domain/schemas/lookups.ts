/**
 * The simple lookups of the admin service (the registry's `lookupEntry`s, catalogues.ts):
 * {name, active, riskManager}, each with its own required-name message. Their schemas are derived
 * from their entries (described.ts).
 */
import type { InferType } from 'yup';
import { CATALOGUES, LOOKUP_NAMES, type LookupName } from '../catalogues';
import { recordSchemaOf } from './described';

export const LOOKUP_TYPES: readonly LookupType[] = LOOKUP_NAMES;
export type LookupType = LookupName;

export const causeSchema = recordSchemaOf(CATALOGUES.causes);
export const carrierSchema = recordSchemaOf(CATALOGUES.carriers);
export const placeSchema = recordSchemaOf(CATALOGUES.places);
export const leadershipSchema = recordSchemaOf(CATALOGUES.leaderships);
export const requesterSchema = recordSchemaOf(CATALOGUES.requesters);

export type LookupSchema = typeof causeSchema;
export type LookupValues = InferType<LookupSchema>;

/** Schema by lookup name (/api/admin/{name}). */
export const lookupSchemas: Record<LookupType, LookupSchema> = {
  causes: causeSchema,
  carriers: carrierSchema,
  places: placeSchema,
  leaderships: leadershipSchema,
  requesters: requesterSchema,
};

export type CauseValues = LookupValues;
export type CarrierValues = LookupValues;
export type PlaceValues = LookupValues;
export type LeadershipValues = LookupValues;
export type RequesterValues = LookupValues;

/** docs/rules/screens.md: active defaults to true; riskManager is filled by the form only for admins. */
export const lookupInitialValues: LookupValues = { name: '', active: true, riskManager: null };

export const isLookupType = (value: unknown): value is LookupType =>
  typeof value === 'string' && (LOOKUP_TYPES as readonly string[]).includes(value);
