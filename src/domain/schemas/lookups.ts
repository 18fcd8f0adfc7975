/**
 * The simple lookups of the admin service (the registry's `lookup` entries, catalogues.ts):
 * {name, active, riskManager}, each with its own required-name message.
 */
import type { InferType } from 'yup';
import { CATALOGUES, LOOKUP_NAMES, lookupsOf, type CatalogueRegistry, type LookupName } from '../catalogues';
import { activeField, group, requiredText, riskManagerRef } from './fields';

export const lookupSchema = (nameRequiredMessage: string) =>
  group({
    name: requiredText(nameRequiredMessage),
    active: activeField(),
    riskManager: riskManagerRef(),
  });

export type LookupSchema = ReturnType<typeof lookupSchema>;
export type LookupValues = InferType<LookupSchema>;

/** Schema by lookup name (/api/admin/{name}), from the registry's lookups (catalogues.ts). */
export const lookupSchemasOf = (registry: CatalogueRegistry): Record<string, LookupSchema> =>
  Object.fromEntries(lookupsOf(registry).map(([name, entry]) => [name, lookupSchema(entry.lookup.nameRequired)]));

export const LOOKUP_TYPES: readonly LookupType[] = LOOKUP_NAMES;
export type LookupType = LookupName;

export const lookupSchemas = lookupSchemasOf(CATALOGUES) as Record<LookupType, LookupSchema>;

export const causeSchema = lookupSchemas.causes;
export const carrierSchema = lookupSchemas.carriers;
export const placeSchema = lookupSchemas.places;
export const leadershipSchema = lookupSchemas.leaderships;
export const requesterSchema = lookupSchemas.requesters;

export type CauseValues = LookupValues;
export type CarrierValues = LookupValues;
export type PlaceValues = LookupValues;
export type LeadershipValues = LookupValues;
export type RequesterValues = LookupValues;

/** Spec 3: active defaults to true; riskManager is filled by the form only for admins. */
export const lookupInitialValues: LookupValues = { name: '', active: true, riskManager: null };
export const causeInitialValues = lookupInitialValues;

export const isLookupType = (value: unknown): value is LookupType =>
  typeof value === 'string' && (LOOKUP_TYPES as readonly string[]).includes(value);
