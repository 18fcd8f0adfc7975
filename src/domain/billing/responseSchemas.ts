/**
 * The billing service's mission answers as JSON Schema (contracts.ts): the API's description, its
 * serializer and, read by FromSchema, the types of api.ts — a side the caller may not see is null,
 * and a field not declared here never leaves the server. Money is integer cents.
 */
import { HOUR_INTERVAL_TYPES, INTERVAL_TYPES } from '../enums';
import { STORED_MISSION_STATUSES } from '../missions/statuses';
import { BILLING_TARGETS } from './access';
import { text, exactObject } from '../jsonSchemaParts';

const cents = { type: 'integer' } as const;

const orNull = <S extends Record<string, unknown>>(schema: S) =>
  ({ ...schema, type: ['object', 'null'] }) as Omit<S, 'type'> & { readonly type: readonly ['object', 'null'] };

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

/** What the calculus answers for a side. */
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

/** A plan the price reference select offers (docs/rules/billing.md). */
export const priceReferenceSchema = exactObject({
  franchiseId: text,
  franchiseName: text,
  limitCalcType: { type: 'string', enum: INTERVAL_TYPES },
  hourIntervalCalcType: { type: 'string', enum: HOUR_INTERVAL_TYPES },
  price: cents,
});

/**
 * One side of a mission's billing (docs/rules/billing.md): `_id` is the missionBillingId the
 * calculus, save and finalize calls address; `franchise` the chosen price reference (null until one
 * is chosen); `franchiseStatus` 'created' until a price reference is saved, 'priced' after, 'billed'
 * once final; `calculation` null until priced; `access` what the caller may do with it right now.
 */
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

/**
 * GET mission/id/{id}: the mission's header and the sides the caller may see (null: not for you),
 * with each agent's name and totals (docs/rules/billing.md) for the screen's agents block.
 */
export const missionBillingSchema = exactObject({
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
});

/** POST finalize: the billed side and the mission's status after it. */
export const finalizedSchema = exactObject({ side: billingSideSchema, missionStatus: storedStatus }, { description: 'Lado faturado.' });
