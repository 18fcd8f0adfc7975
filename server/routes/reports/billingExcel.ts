import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { REPORT_COLUMNS } from '../../../src/domain/reports';
import { REPORT_ROWS_HEADER, reportFileName } from '../../../src/domain/reports/excel';
import type { ReportQuery } from '../../../src/domain/schemas/report';
import type { Db } from '../../db/client';
import { countRows, reportBatch, type ReportCursor, type ReportScope } from './billingQuery';
import { EXCEL_FORMATS, EXCEL_WIDTHS, excelRow } from './excelCells';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows per database read: big enough to amortise a query, small enough to keep memory flat. */
export const EXPORT_BATCH = 2_000;

/** Resolves when `stream` wants more, or at once once the client is gone. */
function drained(stream: PassThrough, gone: () => boolean): Promise<void> {
  if (!stream.writableNeedDrain || gone()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * GET billing/excel: the report's rows as a streamed .xlsx (ExcelJS's streaming writer, each row
 * committed as written), read in keyset batches so neither the rows nor the workbook sit in
 * memory. The count runs first, so a failure there is still a JSON error; once bytes have gone
 * out, a failure can only cut the download short. A client that leaves stops the reads.
 */
export async function sendBillingExcel(db: Db, reply: FastifyReply, scope: ReportScope, query: ReportQuery): Promise<void> {
  const total = await countRows(db, scope, query);
  const out = new PassThrough();
  let gone = false;
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone = true;
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Faturamento', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REPORT_COLUMNS.map((c) => ({ key: c.field, width: EXCEL_WIDTHS[c.kind] }));
  // One style object per column, shared by its cells: ExcelJS resolves a style it has seen by
  // identity (a WeakMap), while a column style is copied into a new object per cell and
  // serialised again each time, which made styling cost more than everything else together.
  const styles = REPORT_COLUMNS.map((c) => {
    const numFmt = EXCEL_FORMATS[c.kind];
    return numFmt ? { numFmt } : {};
  });
  const header = sheet.addRow(REPORT_COLUMNS.map((c) => c.label));
  header.font = { bold: true };
  header.commit();

  void reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${reportFileName(query.start, query.end)}"`)
    .header(REPORT_ROWS_HEADER, String(total))
    .header('Cache-Control', 'no-store')
    .send(out);

  try {
    let cursor: ReportCursor | null = null;
    while (!gone) {
      const batch = await reportBatch(db, scope, query, cursor, EXPORT_BATCH);
      for (const row of batch.rows) {
        const added = sheet.addRow(excelRow(row));
        added.eachCell((cell, column) => {
          cell.style = styles[column - 1] ?? {};
        });
        added.commit();
      }
      cursor = batch.cursor;
      if (batch.rows.length < EXPORT_BATCH || cursor === null) break;
      // PGlite answers in-process without ever yielding to I/O: let the socket send, and a
      // closed connection be noticed, before the next read.
      await new Promise((resolve) => setImmediate(resolve));
      await drained(out, () => gone);
    }
    if (gone) {
      out.destroy();
      return;
    }
    sheet.commit();
    await workbook.commit();
  } catch (err) {
    reply.log.error({ err }, 'billing excel export failed mid-stream');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}
