import { PassThrough } from 'node:stream';
import type { TypedApp } from '../shared/schemaTypes';
import { LIST_EXPORT_CONTRACT, LIST_EXPORT_LIMITS } from '../../src/domain/listExport';
import { serves } from '../shared/serves';
import { sendFile } from '../shared/sendFile';
import { XLSX_TYPE } from '../reports/formats/xlsx/billingExcel';
import { escapeText } from '../reports/formats/xlsx/excelCells';
import { streamXlsx } from '../reports/formats/xlsx/xlsxWriter';

/** Excel refuses a sheet name over 31 characters or holding any of []:*?/\. */
export const sheetNameOf = (title: string): string => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Relatório';

/** As wide as the column's longest text, within 10 and 60 characters. */
const widthOf = (header: string, rows: readonly (readonly string[])[], i: number): number =>
  Math.min(Math.max(Math.max(header.length, ...rows.map((row) => row[i]?.length ?? 0)) + 2, 10), 60);

/**
 * A cell's text, kept from running as a formula when someone edits it in a spreadsheet. A lone
 * '-' (an empty phone on the providers' list) is no formula and stays as the screen shows it.
 */
const cellText = (text: string): string => (text.length > 1 ? escapeText(text) : text);

/**
 * POST /api/admin/lists/excel (src/domain/listExport.ts): a list screen's rows, as the screen
 * shows them, written as .xlsx by the reports' writer — one Excel engine, on the server. Any
 * signed-in user: the file holds only what the request carries.
 */
/** The scope of the export (its row in server/http/routeTable.ts): a list's rows may be many. */
export function listExportScope(app: TypedApp): void {
  app.addHook('onRoute', (options) => {
    options.bodyLimit = LIST_EXPORT_LIMITS.bodyBytes;
  });
}

export function listExportHandlers() {
  return {
    excel: serves(LIST_EXPORT_CONTRACT, async (request, reply) => {
      const { title, header, rows } = request.body;
      const sheet = { name: sheetNameOf(title), columns: header.map((label, i) => ({ label, width: widthOf(label, rows, i) })) };
      const out = new PassThrough();
      const sent = sendFile(reply, XLSX_TYPE, { 'content-disposition': 'attachment; filename="relatorio.xlsx"', 'cache-control': 'no-store' }, out);
      try {
        await streamXlsx(out, sheet, (addRows) => addRows(rows.map((row) => header.map((_, i) => (row[i] ? cellText(row[i]) : null)))));
      } catch (err) {
        reply.log.error({ err }, 'list excel export failed mid-stream');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      }
      return sent;
    }),
  };
}
