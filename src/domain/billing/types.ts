/**
 * The shapes the billing calculus reads and answers (docs/rules/billing.md: Security agent, Franchise plan,
 * Billing). Money is integer cents everywhere; odometer readings are kilometres (decimals allowed,
 * an odometer shows tenths) and instants (ISO text as JSON carries them, or a Date).
 */
import type { ChargeType, HourIntervalType, IntervalType } from '../enums';

/** One odometer point: the reading and when it was taken. */
export interface OdometerReading {
  km: number;
  time: string | Date;
}

/**
 * The four points of an agent's odometer, read one at a time as the mission goes: the start first,
 * each later point null until it is read (docs/rules/field-app.md). A finished mission has all four
 * but endOnPlace, which may stay missing (docs/rules/billing.md).
 */
export interface Odometer {
  start: OdometerReading;
  arrivalOnPlace: OdometerReading | null;
  endOnPlace: OdometerReading | null;
  end: OdometerReading | null;
}

export type OdometerPoint = keyof Odometer;

/** A security agent as the calculus needs it: only its odometer (extra fields are ignored). */
export interface AgentOdometer {
  odometer: Odometer;
}

/** The pricing part of a franchise plan (schemas/franchisePlan.ts). */
export interface BillingPlan {
  price: number;
  limits: { distance: number; intervalType: IntervalType; hourIntervalType: HourIntervalType; time: string };
  overages: { chargeType: ChargeType; distancePrice: number; hourPrice: number };
  toll: { price: number; toCharge: boolean };
}

/** What the billing screen adds to the plan (docs/rules/billing.md: others). */
export interface BillingOthers {
  toll: number;
  expenses: number;
  additions: number;
  discounts: number;
}

/** Which two odometer points a total runs between. */
export interface Span {
  from: OdometerPoint;
  to: OdometerPoint;
}

/** The spans of a kilometre total and of a time total. */
export interface Measurement {
  distance: Span;
  time: Span;
}

/** An agent's totals (docs/rules/billing.md): exact integers plus the texts the tables show. */
export interface AgentTotals {
  metres: number;
  minutes: number;
  /** '1.234,5' (km, pt-BR, up to three decimals). */
  kmText: string;
  /** 'hh:mm', hours growing past 99 when needed. */
  timeText: string;
}

/** The Hora row of the price table, in whole minutes. */
export interface TimeRow {
  label: 'Hora';
  definition: string;
  limitMinutes: number;
  usageMinutes: number;
  overageMinutes: number;
  /** Minutes the price applies to: the overage, or the overage rounded up to full hours (full_time). */
  chargedMinutes: number;
  /** Price of one hour, cents. */
  overagePrice: number;
  cost: number;
}

/** The KM row of the price table, in whole metres. */
export interface DistanceRow {
  label: 'KM';
  definition: string;
  limitMetres: number;
  usageMetres: number;
  overageMetres: number;
  /** Price of one km, cents. */
  overagePrice: number;
  cost: number;
}

/** One row of the billing screen's price table, ready to show (money still in cents). */
export interface PriceTableRow {
  label: 'Hora' | 'KM';
  definition: string;
  limit: string;
  usage: string;
  overage: string;
  overagePrice: number;
  cost: number;
}

export interface BillingBreakdown {
  time: TimeRow;
  distance: DistanceRow;
  /** The two rows in the screen's order (Hora, KM). */
  table: [PriceTableRow, PriceTableRow];
  /** First and last instant of the charged time (null without agents): the report's start and end. */
  window: { start: Date; end: Date } | null;
  price: number;
  /** The plan's toll, 0 when the plan does not charge it. */
  planToll: number;
  others: BillingOthers;
  /** Everything before discounts. */
  gross: number;
  /** The part of the discounts actually taken off (at most gross). */
  discountApplied: number;
  finalCost: number;
}
