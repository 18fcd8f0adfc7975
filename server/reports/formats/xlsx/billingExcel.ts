import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { REPORT_COLUMNS } from '../../../../src/domain/reports';
import { REPORT_ROWS_HEADER, reportFileName } from '../../../../src/domain/reports/excel';
import type { ReportQuery } from '../../../../src/domain/schemas/report';
import type { Db } from '../../../db/client';
import { countRows, reportBatch, reportTotals, type ReportCursor, type ReportScope } from '../../billingQuery';
import { EXCEL_FORMATS, EXCEL_WIDTHS, excelRow, excelTotalsRow } from './excelCells';
import { streamXlsx } from './xlsxWriter';
import { FILE_TYPES, type FileBody } from '../../../../src/domain/fileAnswer';
import type { Answered } from '../../../shared/answered';
import { sendFile } from '../../../shared/sendFile';

export const XLSX_TYPE = FILE_TYPES.xlsx;

/** Rows per database read: big enough to amortise a query, small enough to keep memory flat. */
export const EXPORT_BATCH = 2_000;

const SHEET = {
  name: 'Faturamento',
  columns: REPORT_COLUMNS.map((c) => ({ label: c.label, width: EXCEL_WIDTHS[c.kind], format: EXCEL_FORMATS[c.kind] })),
};

/**
 * GET billing/excel: the report's rows as a streamed .xlsx (xlsxWriter.ts), read in keyset batches
 * so neither the rows nor the workbook sit in memory. The count runs first, so a failure there is
 * still a JSON error; once bytes have gone out, a failure can only cut the download short. A client
 * that leaves stops the reads. The last row is the totals of the whole filter (billingQuery.ts
 * reportTotals), the same the screen shows under its table.
 */
export async function sendBillingExcel(db: Db, reply: FastifyReply, scope: ReportScope, query: ReportQuery): Promise<Answered<FileBody<typeof XLSX_TYPE>>> {
  const [total, totals] = await Promise.all([countRows(db, scope, query), reportTotals(db, scope, query)]);
  const out = new PassThrough();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) out.destroy();
  });

  const sent = sendFile(
    reply,
    XLSX_TYPE,
    { 'content-disposition': `attachment; filename="${reportFileName(query.start, query.end)}"`, [REPORT_ROWS_HEADER]: String(total), 'cache-control': 'no-store' },
    out,
  );

  try {
    await streamXlsx(out, SHEET, async (addRows, gone) => {
      let cursor: ReportCursor | null = null;
      while (!gone()) {
        const batch = await reportBatch(db, scope, query, cursor, EXPORT_BATCH);
        await addRows(batch.rows.map(excelRow));
        cursor = batch.cursor;
        if (batch.rows.length < EXPORT_BATCH || cursor === null) break;
      }
      if (!gone()) await addRows([excelTotalsRow(totals)]);
    });
  } catch (err) {
    reply.log.error({ err }, 'billing excel export failed mid-stream');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return sent;
}
