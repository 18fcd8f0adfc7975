/**
 * The reports service's JSON answers as JSON Schema, for the contracts (contracts.ts): the API
 * description and the serializer, so a report row leaves with these fields only, and the types of
 * the server, the data provider and the screens (index.ts, dashboard.ts), read from them. The Excel
 * and PDF exports are file answers (src/domain/fileAnswer.ts).
 */
import { BILLING_TARGETS } from '../billing/access';
import { STORED_MISSION_STATUSES } from '../missions/statuses';
import { text, nullableText, number, nullableNumber, count, exactObject } from '../jsonSchemaParts';

/** One row (docs/rules/billing.md). Money in cents, time in minutes, distance in metres; `plate` is the first vehicle's. */
const rowProperties = {
  missionId: text,
  createdAt: text,
  processNumber: nullableText,
  shipper: text,
  carrier: nullableText,
  plate: nullableText,
  /** The cargo's NF-e, CT-e and MDF-e keys in groups of four (docs/rules/fiscal-documents.md), or null. */
  fiscalKeys: nullableText,
  franchise: nullableText,
  requester: text,
  leadership: nullableText,
  cause: nullableText,
  place: nullableText,
  city: text,
  state: text,
  serviceProvider: nullableText,
  billing_startTime: nullableText,
  billing_endTime: nullableText,
  timeUsage: number,
  timeLimit: number,
  timeOverage: number,
  startDistance: nullableNumber,
  endDistance: nullableNumber,
  distanceUsage: number,
  distanceLimit: number,
  distanceOverage: number,
  price: number,
  timeOveragePrice: number,
  distanceOveragePrice: number,
  toll: number,
  expenses: number,
  additions: number,
  discounts: number,
  finalCost: number,
} as const;

/**
 * The columns the report adds up (the 'Totais do período' row, docs/rules/reports.md): hours, kilometres
 * and money. The
 * odometer readings (KM inicial/final) are positions, not amounts, so they have no total.
 */
export const REPORT_TOTALLED = [
  'timeUsage',
  'timeLimit',
  'timeOverage',
  'distanceUsage',
  'distanceLimit',
  'distanceOverage',
  'price',
  'timeOveragePrice',
  'distanceOveragePrice',
  'toll',
  'expenses',
  'additions',
  'discounts',
  'finalCost',
] as const satisfies readonly (keyof typeof rowProperties)[];

export const reportRowSchema = exactObject(rowProperties);

const pageProperties = {
  pagination: exactObject({ current: { type: 'integer', minimum: 1 }, pages: { type: 'integer', minimum: 1 }, quantity: count }),
  reports: { type: 'array', items: reportRowSchema },
  totals: exactObject(Object.fromEntries(REPORT_TOTALLED.map((field) => [field, number])) as Record<(typeof REPORT_TOTALLED)[number], typeof number>),
} as const;

/** `headHash`: the last event's (the dossier prints it); `brokenAt`: the first event whose stored hash does not match its recomputation. */
const chainProperties = {
  missionRequestId: text,
  intact: { type: 'boolean' },
  events: count,
  headHash: nullableText,
  brokenAt: exactObject({ eventId: text, position: count }, { type: ['object', 'null'] }),
} as const;

const statusCountProperties = { status: { type: 'string', enum: STORED_MISSION_STATUSES }, label: text, count } as const;
const costProperties = { month: text, shipper: text, shipperName: text, totalCents: number } as const;
const providerRowProperties = {
  serviceProvider: text,
  name: text,
  missions: count,
  avgAcceptMinutes: nullableNumber,
  etaKeptRate: nullableNumber,
} as const;
const slaRowProperties = { key: text, name: text, met: count, breached: count, rate: nullableNumber } as const;
const slaRows = { type: 'array', items: exactObject(slaRowProperties) } as const;
const slaProperties = { byPhase: slaRows, byProvider: slaRows, byShipper: slaRows } as const;
const dashboardProperties = {
  start: text,
  end: text,
  statusCounts: { type: 'array', items: exactObject(statusCountProperties) },
  averages: exactObject({ openToAcceptedMinutes: nullableNumber, openToFinishedMinutes: nullableNumber }),
  costSide: { type: 'string', enum: BILLING_TARGETS },
  costPerShipper: { type: 'array', items: exactObject(costProperties) },
  providerRanking: { type: 'array', items: exactObject(providerRowProperties) },
  sla: exactObject(slaProperties),
} as const;

export const reportPageSchema = { ...exactObject(pageProperties), description: 'Uma página do relatório de faturamento.' } as const;
export const chainVerificationSchema = { ...exactObject(chainProperties), description: 'Se a cadeia de eventos da missão está íntegra.' } as const;
export const dashboardSchema = { ...exactObject(dashboardProperties), description: 'Os números do painel no período.' } as const;
