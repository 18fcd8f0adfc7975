/**
 * Franchise plans (docs/rules/billing.md, docs/rules/validation.md) for a shipper or for service providers.
 * Money is in
 * integer cents. The toll price is required only when the toll is charged; otherwise it is forced
 * to 0 — by the schema's cast (so the server stores 0 whatever was sent) and by cleanFranchisePlan
 * on submit. `active` is always true on save.
 */
import type { InferType } from 'yup';
import { CHARGE_TYPES, HOUR_INTERVAL_TYPES, INTERVAL_TYPES } from '../enums';
import { isId } from '../ids';
import {
  BOOLEAN_REQUIRED,
  PLAN_CHARGE_TYPE_REQUIRED,
  PLAN_DISTANCE_PRICE_REQUIRED,
  PLAN_DISTANCE_REQUIRED,
  PLAN_HOUR_INTERVAL_TYPE_REQUIRED,
  PLAN_HOUR_PRICE_REQUIRED,
  PLAN_INTERVAL_TYPE_REQUIRED,
  PLAN_NAME_REQUIRED,
  PLAN_PRICE_POSITIVE,
  PLAN_PRICE_REQUIRED,
  PLAN_PROVIDER_REQUIRED,
  FRANCHISE_TYPE_REQUIRED,
  PLAN_SHIPPER_REQUIRED,
  PLAN_TIME_REQUIRED,
  PLAN_TOLL_PRICE_REQUIRED,
  PLAN_TOLL_TO_CHARGE_REQUIRED,
} from '../messages';
import {
  emptyNumberToUndefined,
  enumField,
  group,
  hhmmField,
  idRef,
  moneyCents,
  nonNegativeInt,
  optionalIdRef,
  requiredText,
  strictBoolean,
  strictInteger,
  strictString,
} from './fields';


const tollSchema = group({
  toCharge: strictBoolean().required(PLAN_TOLL_TO_CHARGE_REQUIRED),
  price: strictInteger()
    .transform(emptyNumberToUndefined)
    .when('toCharge', {
      is: true,
      then: () => moneyCents(PLAN_TOLL_PRICE_REQUIRED),
      // Not charged: nothing or a number is stored as 0; a value of another type is still refused.
      otherwise: (s) => s.transform((v: unknown) => (v === undefined || v === null || typeof v === 'number' ? 0 : v)).default(0),
    })
    .defined(PLAN_TOLL_PRICE_REQUIRED),
});

const planFields = {
  riskManager: optionalIdRef(),
  /** The service (_id of a franchise) this plan prices. */
  franchise_plan: idRef(FRANCHISE_TYPE_REQUIRED),
  name: requiredText(PLAN_NAME_REQUIRED),
  /** A plan that charges nothing for the service is not a plan: the price must be positive. */
  price: moneyCents(PLAN_PRICE_REQUIRED).min(1, PLAN_PRICE_POSITIVE),
  limits: group({
    distance: nonNegativeInt(PLAN_DISTANCE_REQUIRED),
    intervalType: enumField(INTERVAL_TYPES, PLAN_INTERVAL_TYPE_REQUIRED),
    hourIntervalType: enumField(HOUR_INTERVAL_TYPES, PLAN_HOUR_INTERVAL_TYPE_REQUIRED),
    time: hhmmField(PLAN_TIME_REQUIRED),
  }),
  overages: group({
    chargeType: enumField(CHARGE_TYPES, PLAN_CHARGE_TYPE_REQUIRED),
    distancePrice: moneyCents(PLAN_DISTANCE_PRICE_REQUIRED),
    hourPrice: moneyCents(PLAN_HOUR_PRICE_REQUIRED),
  }),
  toll: tollSchema,
  // docs/rules/billing.md: active is always true on save, whatever boolean the form held.
  active: strictBoolean()
    .transform((v: unknown) => (typeof v === 'boolean' ? true : v))
    .default(true)
    .required(BOOLEAN_REQUIRED),
};

export const shipperFranchisePlanSchema = group({
  ...planFields,
  shipper: idRef(PLAN_SHIPPER_REQUIRED),
});
export type ShipperFranchisePlanValues = InferType<typeof shipperFranchisePlanSchema>;

/** serviceProvider null means 'Todos' (every provider); it must be chosen, so undefined fails. */
export const providerFranchisePlanSchema = group({
  ...planFields,
  serviceProvider: strictString()
    .transform((v: unknown) => (v === '' ? undefined : v))
    .nullable()
    .defined(PLAN_PROVIDER_REQUIRED)
    .test({ name: 'invalid_id', message: PLAN_PROVIDER_REQUIRED, test: (v) => v === null || v === undefined || isId(v) }),
});
export type ProviderFranchisePlanValues = InferType<typeof providerFranchisePlanSchema>;

/**
 * Fields common to both plan forms, as the form starts: the amounts are empty (not 0), so an
 * untouched form shows their required messages instead of saving an all-zero plan.
 */
const planInitial = {
  riskManager: null,
  franchise_plan: '',
  name: '',
  price: null,
  limits: { distance: null, intervalType: 'start_end' as const, hourIntervalType: 'start_endOnPlace' as const, time: '' },
  overages: { chargeType: 'full_time' as const, distancePrice: null, hourPrice: null },
  toll: { toCharge: false, price: 0 },
  active: true,
};

export const shipperFranchisePlanInitialValues = { ...planInitial, shipper: '' };
/** Starts on 'Todos' (null); pick a provider to narrow it. */
export const providerFranchisePlanInitialValues = { ...planInitial, serviceProvider: null };

interface PlanLike {
  toll?: { toCharge?: unknown; price?: unknown } | null;
  active?: unknown;
}

/**
 * Submit-time clean-up (docs/rules/validation.md): toll price forced to 0 unless the toll is charged,
 * active true.
 * Returns a new object; the input is not changed.
 */
export function cleanFranchisePlan<T extends PlanLike>(values: T): T & { active: true } {
  const toll = values.toll ?? {};
  const toCharge = toll.toCharge === true;
  return {
    ...values,
    toll: { ...toll, price: toCharge ? toll.price : 0 },
    active: true,
  };
}
