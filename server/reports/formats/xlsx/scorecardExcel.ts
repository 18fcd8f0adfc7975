import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { monthLabel } from '../../../../src/domain/reports/dashboard';
import {
  SCORECARD_COLUMNS,
  scorecardFileName,
  type ProviderScorecard,
  type ScorecardColumnKind,
  type ScorecardFigures,
  type ScorecardRanking,
} from '../../../../src/domain/reports/scorecards';
import { XLSX_TYPE } from './billingExcel';
import { escapeText } from './excelCells';
import { streamXlsx, type CellValue, type SheetColumn } from './xlsxWriter';
import type { FileBody } from '../../../../src/domain/fileAnswer';
import type { Answered } from '../../../shared/answered';
import { sendFile } from '../../../shared/sendFile';

/**
 * The scorecards as .xlsx, written by the reports' own writer (xlsxWriter.ts): real numbers with
 * number formats (durations as [h]:mm, rates as %, money in R$), so the sheet sums and sorts.
 */

const FORMATS: Record<ScorecardColumnKind, string | undefined> = {
  count: '0',
  minutes: '[h]:mm',
  rate: '0%',
  money: '"R$" #,##0.00',
};

function cellOf(kind: ScorecardColumnKind, value: number | null): CellValue {
  if (value === null) return null;
  if (kind === 'minutes') return value / (24 * 60);
  if (kind === 'money') return value / 100;
  return value;
}

const figureCells = (f: ScorecardFigures): CellValue[] => SCORECARD_COLUMNS.map((c) => cellOf(c.kind, f[c.field]));
const figureColumns: SheetColumn[] = SCORECARD_COLUMNS.map((c) => ({ label: c.label, width: c.kind === 'count' ? 12 : 16, format: FORMATS[c.kind] }));

/** The ranking: one row per provider, in its order. */
export const rankingSheet = (ranking: ScorecardRanking) => ({
  name: 'Desempenho',
  columns: [{ label: 'Posição', width: 9, format: '0' }, { label: 'Prestadora', width: 28 }, ...figureColumns],
  rows: ranking.rows.map((r): CellValue[] => [r.rank, escapeText(r.name), ...figureCells(r)]),
});

/** One provider: a row per month, then the period's total. */
export const scorecardSheet = (card: ProviderScorecard) => ({
  name: 'Desempenho',
  columns: [{ label: 'Mês', width: 12 }, ...figureColumns],
  rows: [
    ...card.months.map((m): CellValue[] => [monthLabel(m.month), ...figureCells(m)]),
    ['Total', ...figureCells(card.totals)],
  ],
});

export async function sendScorecardExcel(
  reply: FastifyReply,
  period: { start: string; end: string },
  sheet: { name: string; columns: SheetColumn[]; rows: CellValue[][] },
): Promise<Answered<FileBody<typeof XLSX_TYPE>>> {
  const out = new PassThrough();
  const sent = sendFile(reply, XLSX_TYPE, { 'content-disposition': `attachment; filename="${scorecardFileName(period.start, period.end)}"`, 'cache-control': 'no-store' }, out);
  try {
    await streamXlsx(out, sheet, (addRows) => addRows(sheet.rows));
  } catch (err) {
    reply.log.error({ err }, 'scorecard excel export failed mid-stream');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return sent;
}
