/**
 * The billing report (docs/rules/reports.md, docs/rules/billing.md and "Report response",
 * docs/rules/reports.md; base /api/reports): its filter, its row, and its columns. The columns are written
 * once here and read by the screen's table and by the server's Excel export, so both show the same
 * headers in the same order. Values travel raw (ISO instants, integer minutes, metres and cents);
 * each column's `kind` says how to show it (formatted text on screen, real numbers and dates in Excel).
 */
import type { BillingTarget } from '../billing/access';
import { holderStatus } from '../missions/competition';
import type { StoredMissionStatus } from '../missions/statuses';
import type { FromSchema } from '../fromSchema';
import { REPORT_TOTALLED, type chainVerificationSchema, type reportPageSchema, type reportRowSchema } from './responseSchemas';

export const REPORT_PATHS = {
  /** GET ReportFilter → ReportPage. */
  billing: 'billing',
  /** GET ReportFilter (no page) → a streamed .xlsx. */
  billingExcel: 'billing/excel',
  /** GET ?missionRequestId&type → application/pdf (type: ReportKind of missions/rowActions.ts). */
  missionPdf: 'missionDetail/pdf',
  /** GET ?missionRequestId → ChainVerification (ours: the dossier's hash chain). */
  missionVerify: 'missionDetail/verify',
  /** GET ?start&end → Dashboard (ours). */
  dashboard: 'dashboard',
} as const;

/**
 * The report screen's first period (ours, as the dashboard has its own): the current month, from
 * its first day at 00:00 to its last instant, in the browser's time zone, so Pesquisar and 'Extrair
 * Excel' work as soon as the screen opens.
 */
export function currentMonth(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(now.getFullYear(), now.getMonth(), 1),
    end: new Date(now.getFullYear(), now.getMonth() + 1, 1, 0, 0, 0, -1),
  };
}

/** Rows per page of GET /billing. */
export const REPORT_PAGE_SIZE = 50;

/** The statuses a billing report may ask for: the missions that reached billing. */
export const REPORT_STATUSES = ['finished', 'billed_shipper', 'billed_provider', 'billed'] as const satisfies readonly StoredMissionStatus[];
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The statuses a provider filters its report by: those it sees its missions in (missions/competition.ts). */
export const PROVIDER_REPORT_STATUSES: readonly ReportStatus[] = REPORT_STATUSES.filter((status) => holderStatus(status) === status);

/**
 * The query of GET /billing and /billing/excel: start and end (ISO instants, both required: the
 * screen runs no query without them), status and companies repeated (empty = all), billingTarget
 * (whose side's money the row shows; default shipper), page (1-based; ignored by the export).
 * `companies` are shipper ids for the shipper side and provider ids for the provider side.
 */
export interface ReportFilter {
  start: string;
  end: string;
  status?: ReportStatus[];
  billingTarget?: BillingTarget;
  companies?: string[];
  page?: number;
}

/** One row (docs/rules/billing.md). Money in cents, time in minutes, distance in metres. */
export type ReportRow = FromSchema<typeof reportRowSchema>;

export { REPORT_TOTALLED };

export type ReportTotalled = (typeof REPORT_TOTALLED)[number];

/** The sums of the whole filtered period (every page), in the row's units (minutes, metres, cents). */
export type ReportTotals = Record<ReportTotalled, number>;

/** The totals row's label, in its first column (on screen and in the Excel). */
export const REPORT_TOTALS_LABEL = 'Totais do período';

export const isTotalled = (field: string): field is ReportTotalled => (REPORT_TOTALLED as readonly string[]).includes(field);

export type ReportPage = FromSchema<typeof reportPageSchema>;

/** How a column's value is shown: text as is, dates dd/mm/aaaa hh:mm, minutes hh:mm, metres km, cents R$. */
export type ReportColumnKind = 'text' | 'date' | 'minutes' | 'km' | 'money';

export interface ReportColumn {
  field: Exclude<keyof ReportRow, 'missionId'>;
  label: string;
  kind: ReportColumnKind;
}

/** The report's ~30 columns in the product's order (docs/rules/reports.md). */
export const REPORT_COLUMNS: readonly ReportColumn[] = [
  { field: 'createdAt', label: 'Data da solicitação', kind: 'date' },
  { field: 'processNumber', label: 'Nº do processo', kind: 'text' },
  { field: 'shipper', label: 'Cliente', kind: 'text' },
  { field: 'carrier', label: 'Transportadora', kind: 'text' },
  { field: 'plate', label: 'Placa', kind: 'text' },
  { field: 'fiscalKeys', label: 'Documentos fiscais', kind: 'text' },
  { field: 'franchise', label: 'Serviço', kind: 'text' },
  { field: 'requester', label: 'Solicitante', kind: 'text' },
  { field: 'leadership', label: 'Liderança', kind: 'text' },
  { field: 'cause', label: 'Motivo', kind: 'text' },
  { field: 'place', label: 'Local', kind: 'text' },
  { field: 'city', label: 'Cidade', kind: 'text' },
  { field: 'state', label: 'Estado', kind: 'text' },
  { field: 'serviceProvider', label: 'Prestadora', kind: 'text' },
  { field: 'billing_startTime', label: 'Início', kind: 'date' },
  { field: 'billing_endTime', label: 'Fim', kind: 'date' },
  { field: 'timeUsage', label: 'Duração', kind: 'minutes' },
  { field: 'timeLimit', label: 'Horas franquia', kind: 'minutes' },
  { field: 'timeOverage', label: 'Horas excedentes', kind: 'minutes' },
  { field: 'startDistance', label: 'KM inicial', kind: 'km' },
  { field: 'endDistance', label: 'KM final', kind: 'km' },
  { field: 'distanceUsage', label: 'KM total', kind: 'km' },
  { field: 'distanceLimit', label: 'KM franquia', kind: 'km' },
  { field: 'distanceOverage', label: 'KM excedente', kind: 'km' },
  { field: 'price', label: 'Valor do serviço', kind: 'money' },
  { field: 'timeOveragePrice', label: 'Valor horas excedentes', kind: 'money' },
  { field: 'distanceOveragePrice', label: 'Valor KM excedente', kind: 'money' },
  { field: 'toll', label: 'Pedágio', kind: 'money' },
  { field: 'expenses', label: 'Despesas', kind: 'money' },
  { field: 'additions', label: 'Acréscimos', kind: 'money' },
  { field: 'discounts', label: 'Descontos', kind: 'money' },
  { field: 'finalCost', label: 'Total', kind: 'money' },
];

/** docs/rules/reports.md toasts. */
export const REPORT_PDF_SUCCESS = 'Relatório gerado com sucesso!';
export const REPORT_PDF_ERROR = 'Ocorreu um erro ao tentar gerar o relatório da missão...';
export const REPORT_EXCEL_ERROR = 'Ocorreu um erro ao tentar gerar o relatório com os filtros atuais...';

/** GET missionDetail/verify: whether the mission's event chain is intact. */
export type ChainVerification = FromSchema<typeof chainVerificationSchema>;
