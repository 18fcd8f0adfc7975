/**
 * The reports service's JSON answers (index.ts, dashboard.ts) as JSON Schema, for the routes'
 * `response` option: the API description and the serializer, so a report row leaves with these
 * fields only. The Excel and PDF exports are files, documented by their content type. The key lists
 * are checked against the types below.
 */
import { BILLING_TARGETS } from '../billing/access';
import { STORED_MISSION_STATUSES } from '../missions/statuses';
import type { Dashboard, DashboardCost, DashboardProviderRow, DashboardSla, DashboardSlaRow, DashboardStatusCount } from './dashboard';
import { REPORT_TOTALLED, type ChainVerification, type ReportPage, type ReportRow } from './index';
import { text, nullableText, number, nullableNumber, count, exactObject } from '../jsonSchemaParts';



const rowProperties = {
  missionId: text,
  createdAt: text,
  processNumber: nullableText,
  shipper: text,
  carrier: nullableText,
  plate: nullableText,
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

const pageProperties = {
  pagination: exactObject({ current: { type: 'integer', minimum: 1 }, pages: { type: 'integer', minimum: 1 }, quantity: count }),
  reports: { type: 'array', items: exactObject(rowProperties) },
  totals: exactObject(Object.fromEntries(REPORT_TOTALLED.map((field) => [field, number]))),
} as const;

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

/** A file answer: documented by its content type, no JSON body. */
const file = (mime: string, description: string) => ({ 200: { description, content: { [mime]: { schema: { type: 'string', format: 'binary' } } } } });

export const REPORT_RESPONSES = {
  billing: { 200: { ...exactObject(pageProperties), description: 'Uma página do relatório de faturamento.' } },
  billingExcel: file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'A planilha do relatório com os filtros atuais.'),
  missionPdf: file('application/pdf', 'O relatório da missão em PDF.'),
  missionVerify: { 200: { ...exactObject(chainProperties), description: 'Se a cadeia de eventos da missão está íntegra.' } },
  dashboard: { 200: { ...exactObject(dashboardProperties), description: 'Os números do painel no período.' } },
} as const;

type Holds<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AllHold<T extends boolean[]> = T[number] extends true ? true : false;
export type ReportSchemasMatchTypes = Holds<
  AllHold<
    [
      Same<keyof typeof rowProperties, keyof ReportRow>,
      Same<keyof typeof pageProperties, keyof ReportPage>,
      Same<keyof typeof chainProperties, keyof ChainVerification>,
      Same<keyof typeof statusCountProperties, keyof DashboardStatusCount>,
      Same<keyof typeof costProperties, keyof DashboardCost>,
      Same<keyof typeof providerRowProperties, keyof DashboardProviderRow>,
      Same<keyof typeof slaRowProperties, keyof DashboardSlaRow>,
      Same<keyof typeof slaProperties, keyof DashboardSla>,
      Same<keyof typeof dashboardProperties, keyof Dashboard>,
    ]
  >
>;
