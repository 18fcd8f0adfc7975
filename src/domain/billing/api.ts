/**
 * The billing service's mission calls (docs/api.md: GET mission/id/{id}, POST
 * mission/{missionBillingId}/calculus,
 * PUT mission/{missionBillingId}; base /api/v1/billing) as the API sends them: their paths, and their
 * answers' types read from the answers' schemas (responseSchemas.ts), so the server's mappers, the
 * data provider and the screen use the one shape the serializer lets through. Money is integer
 * cents; the screen formats it.
 */
import type { FromSchema } from '../fromSchema';
import type { BillingValues } from '../schemas/billing';
import type { billingCalculationSchema, billingSideSchema, finalizedSchema, missionBillingSchema, priceReferenceSchema } from './responseSchemas';

export const BILLING_MISSION_PATHS = {
  /** GET: both sides of one mission, as far as the caller may see them. */
  byMission: 'mission/id/:id',
  /** POST BillingValues → BillingCalculation, nothing saved (the screen's live recomputation). */
  calculus: 'mission/:id/calculus',
  /** PUT BillingValues → MissionBillingSide (saved, still open). */
  save: 'mission/:id',
  /** POST BillingValues → FinalizeAnswer: saves and bills the side (docs/rules/billing.md). */
  finalize: 'mission/:id/finalize',
  /** GET → CostMeter (meter.ts): a running mission's cost so far and projected, the caller's side (ours). */
  meter: 'mission/:id/meter',
  /** GET → PriceReference[]: the provider plans of a risk manager (docs/api.md). */
  riskManagerPriceTables: 'priceTables/riskManager/:id',
  /** GET → PriceReference[]: a shipper's plans (docs/api.md). */
  shipperPriceTables: 'priceTables/shipper/:id',
} as const;

/** A plan the price reference select offers (docs/rules/billing.md). */
export type PriceReference = FromSchema<typeof priceReferenceSchema>;

/** What the calculus answers for a side: the price table (Hora, KM) and the totals (cents). */
export type BillingCalculation = FromSchema<typeof billingCalculationSchema>;

/** One side of a mission's billing (docs/rules/billing.md). */
export type MissionBillingSide = FromSchema<typeof billingSideSchema>;

/** GET mission/id/{id}: the mission's header and the sides the caller may see (null: not for you). */
export type MissionBilling = FromSchema<typeof missionBillingSchema>;

export type FinalizeAnswer = FromSchema<typeof finalizedSchema>;

export type { BillingValues };
