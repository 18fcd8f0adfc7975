/**
 * The billing service's mission calls (docs/api.md: GET mission/id/{id}, POST
 * mission/{missionBillingId}/calculus,
 * PUT mission/{missionBillingId}; base /api/v1/billing) as the API sends them. Money is integer cents;
 * the screen formats it. One definition for the server's mappers, the data provider and the screen.
 */
import type { HourIntervalType, IntervalType } from '../enums';
import type { StoredMissionStatus } from '../missions/statuses';
import type { BillingValues } from '../schemas/billing';
import type { BillingAccess, BillingTarget } from './access';
import type { AgentTotals, BillingOthers, PriceTableRow } from './types';

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
export interface PriceReference {
  franchiseId: string;
  franchiseName: string;
  limitCalcType: IntervalType;
  hourIntervalCalcType: HourIntervalType;
  /** The plan's price, cents. */
  price: number;
}

/** What the calculus answers for a side: the price table and the totals (cents). */
export interface BillingCalculation {
  /** Hora and KM rows (definition, limit, usage, overage, overage price, cost). */
  table: [PriceTableRow, PriceTableRow];
  price: number;
  planToll: number;
  others: BillingOthers;
  finalCost: number;
}

/** One side of a mission's billing (docs/rules/billing.md). */
export interface MissionBillingSide {
  /** The missionBillingId the calculus, save and finalize calls address. */
  _id: string;
  type: BillingTarget;
  /** The chosen price reference (franchise plan _id); null until one is chosen. */
  franchise: string | null;
  /** 'created' until a price reference is saved, 'priced' after, 'billed' once final. */
  franchiseStatus: 'created' | 'priced' | 'billed';
  others: BillingOthers;
  /** Null until priced. */
  calculation: BillingCalculation | null;
  finalCost: number;
  /** What the caller may do with this side right now. */
  access: Exclude<BillingAccess, 'none'>;
  priceReferences: PriceReference[];
  billedAt: string | null;
}

/** GET mission/id/{id}: the mission's header and the sides the caller may see (null: not for you). */
export interface MissionBilling {
  missionId: string;
  missionStatus: StoredMissionStatus;
  processNumberDisplay: string;
  createdAtDisplay: string;
  shipperInfo: { _id: string; name: string };
  serviceProviderInfo: { _id: string; name: string } | null;
  /** Each agent's name with its totals (docs/rules/billing.md), for the screen's agents block. */
  securityAgents: Array<{ name: string; totals: AgentTotals }>;
  shipper: MissionBillingSide | null;
  serviceProvider: MissionBillingSide | null;
}

export interface FinalizeAnswer {
  side: MissionBillingSide;
  missionStatus: StoredMissionStatus;
}

export type { BillingValues };
