/**
 * The billing service's mission answers (api.ts) as JSON Schema, for the routes' `response`
 * option: the API's description and its serializer — a side the caller may not see is null, and a
 * field not declared here never leaves the server. Money is integer cents.
 */
import { HOUR_INTERVAL_TYPES, INTERVAL_TYPES } from '../enums';
import { STORED_MISSION_STATUSES } from '../missions/statuses';
import { BILLING_TARGETS } from './access';
import { text, exactObject } from '../jsonSchemaParts';

const cents = { type: 'integer' } as const;

const orNull = (schema: Record<string, unknown>) => ({ ...schema, type: ['object', 'null'] });

const others = exactObject({ toll: cents, expenses: cents, additions: cents, discounts: cents });

const priceRow = exactObject({
  label: { type: 'string', enum: ['Hora', 'KM'] },
  definition: text,
  limit: text,
  usage: text,
  overage: text,
  overagePrice: cents,
  cost: cents,
});

/** What the calculus answers for a side (BillingCalculation). */
export const billingCalculationSchema = exactObject(
  {
    table: { type: 'array', items: priceRow, minItems: 2, maxItems: 2 },
    price: cents,
    planToll: cents,
    others,
    finalCost: cents,
  },
  { description: 'Tabela de preço (Hora, KM) e totais, em centavos.' },
);

/** A plan the price reference select offers (PriceReference). */
export const priceReferenceSchema = exactObject({
  franchiseId: text,
  franchiseName: text,
  limitCalcType: { type: 'string', enum: INTERVAL_TYPES },
  hourIntervalCalcType: { type: 'string', enum: HOUR_INTERVAL_TYPES },
  price: cents,
});

/** One side of a mission's billing (MissionBillingSide). */
export const billingSideSchema = exactObject({
  _id: text,
  type: { type: 'string', enum: BILLING_TARGETS },
  franchise: { type: ['string', 'null'] },
  franchiseStatus: { type: 'string', enum: ['created', 'priced', 'billed'] },
  others,
  calculation: orNull(billingCalculationSchema),
  finalCost: cents,
  access: { type: 'string', enum: ['edit', 'view'] },
  priceReferences: { type: 'array', items: priceReferenceSchema },
  billedAt: { type: ['string', 'null'], format: 'date-time' },
});

const storedStatus = { type: 'string', enum: STORED_MISSION_STATUSES } as const;
const named = exactObject({ _id: text, name: text });

export const BILLING_ANSWERS = {
  /** GET mission/id/{id}: the header and the sides the caller may see. */
  mission: {
    200: exactObject({
      missionId: text,
      missionStatus: storedStatus,
      processNumberDisplay: text,
      createdAtDisplay: text,
      shipperInfo: named,
      serviceProviderInfo: orNull(named),
      securityAgents: {
        type: 'array',
        items: exactObject({
          name: text,
          totals: exactObject({ metres: { type: 'integer' }, minutes: { type: 'integer' }, kmText: text, timeText: text }),
        }),
      },
      shipper: orNull(billingSideSchema),
      serviceProvider: orNull(billingSideSchema),
    }),
  },
  calculus: { 200: billingCalculationSchema },
  saved: { 200: { ...billingSideSchema, description: 'Lado salvo, ainda aberto.' } },
  finalized: { 200: exactObject({ side: billingSideSchema, missionStatus: storedStatus }, { description: 'Lado faturado.' }) },
  priceTables: { 200: { type: 'array', items: priceReferenceSchema } },
} as const;
