/**
 * The five simple lookups of the admin service (causes, carriers, places, leaderships,
 * requesters): {name, active, riskManager}, each with its own required-name message.
 */
import type { InferType } from 'yup';
import {
  CARRIER_NAME_REQUIRED,
  CAUSE_NAME_REQUIRED,
  LEADERSHIP_NAME_REQUIRED,
  PLACE_NAME_REQUIRED,
  REQUESTER_NAME_REQUIRED,
} from '../messages';
import { activeField, group, requiredText, riskManagerRef } from './fields';

export const lookupSchema = (nameRequiredMessage: string) =>
  group({
    name: requiredText(nameRequiredMessage),
    active: activeField(),
    riskManager: riskManagerRef(),
  });

export type LookupValues = InferType<ReturnType<typeof lookupSchema>>;

export const causeSchema = lookupSchema(CAUSE_NAME_REQUIRED);
export const carrierSchema = lookupSchema(CARRIER_NAME_REQUIRED);
export const placeSchema = lookupSchema(PLACE_NAME_REQUIRED);
export const leadershipSchema = lookupSchema(LEADERSHIP_NAME_REQUIRED);
export const requesterSchema = lookupSchema(REQUESTER_NAME_REQUIRED);

export type CauseValues = LookupValues;
export type CarrierValues = LookupValues;
export type PlaceValues = LookupValues;
export type LeadershipValues = LookupValues;
export type RequesterValues = LookupValues;

/** Spec 3: active defaults to true; riskManager is filled by the form only for admins. */
export const lookupInitialValues: LookupValues = { name: '', active: true, riskManager: null };
export const causeInitialValues = lookupInitialValues;

export const LOOKUP_TYPES = ['causes', 'carriers', 'places', 'leaderships', 'requesters'] as const;
export type LookupType = (typeof LOOKUP_TYPES)[number];

/** Schema by admin sub-path (/api/admin/{type}). */
export const lookupSchemas: Record<LookupType, ReturnType<typeof lookupSchema>> = {
  causes: causeSchema,
  carriers: carrierSchema,
  places: placeSchema,
  leaderships: leadershipSchema,
  requesters: requesterSchema,
};

export const isLookupType = (value: unknown): value is LookupType =>
  typeof value === 'string' && (LOOKUP_TYPES as readonly string[]).includes(value);
