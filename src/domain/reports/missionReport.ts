/**
 * The mission PDF report (docs/rules/reports.md, docs/api.md GET missionDetail/pdf): which billing side each
 * report kind prints, its refusals and its file name, shared by the server route and the dialog.
 */
import type { BillingTarget } from '../billing/access';
import { REPORT_KIND_LABELS, REPORT_KINDS, type ReportKind } from '../missions/rowActions';

/** The billing side a kind prints; the simple kind ('Atendimento') prints no money. */
export const REPORT_KIND_TARGET: Record<ReportKind, BillingTarget | null> = {
  shipper: 'shipper',
  provider: 'serviceProvider',
  simple: null,
};

export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === 'string' && (REPORT_KINDS as readonly string[]).includes(value);

export const REPORT_MISSION_REQUIRED = 'Informe uma missão válida para gerar o relatório.';
export const REPORT_KIND_INVALID = 'Tipo de relatório inválido: use shipper, provider ou simple.';
export const REPORT_NOT_BILLED = 'O relatório de faturamento só está disponível para missões finalizadas.';

/** Texts of the chain line (the dialog and the PDF). */
export const CHAIN_INTACT = 'Cadeia íntegra';
export const CHAIN_BROKEN = 'Cadeia violada';
export const TIMELINE_INTACT = 'Linha do tempo íntegra';
export const TIMELINE_BROKEN = 'Atenção: a linha do tempo desta missão foi alterada depois de registrada';

/** 'Atendimento' → 'atendimento'; accents dropped so every browser keeps the name as is. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** relatorio-missao-<processo ou id>-<tipo>.pdf */
export function reportFileName(kind: ReportKind, processNumber: string | null, missionId: string): string {
  const name = slug(processNumber ?? '') || missionId;
  return `relatorio-missao-${name}-${slug(REPORT_KIND_LABELS[kind])}.pdf`;
}
