/**
 * The billing form (docs/rules/billing.md), for PUT mission/{missionBillingId} and its live recomputation:
 * the price reference (a franchise plan's _id) and the others the screen adds, in integer cents.
 * A discount is entered as a positive amount and subtracted by the calculus (src/domain/billing).
 */
import type { InferType } from 'yup';
import {
  BILLING_ADDITIONS_REQUIRED,
  BILLING_DISCOUNTS_REQUIRED,
  BILLING_EXPENSES_REQUIRED,
  BILLING_FRANCHISE_REQUIRED,
  BILLING_TOLL_REQUIRED,
} from '../messages';
import { group, idRef, moneyCents } from './fields';

export const billingOthersSchema = group({
  toll: moneyCents(BILLING_TOLL_REQUIRED),
  expenses: moneyCents(BILLING_EXPENSES_REQUIRED),
  additions: moneyCents(BILLING_ADDITIONS_REQUIRED),
  discounts: moneyCents(BILLING_DISCOUNTS_REQUIRED),
});

export const billingSchema = group({
  franchise: idRef(BILLING_FRANCHISE_REQUIRED),
  others: billingOthersSchema,
});
export type BillingValues = InferType<typeof billingSchema>;
