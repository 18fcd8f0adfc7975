import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { AUDIT_FILE_NAME } from '../../src/domain/audit';
import type { AuditEntry } from '../../src/domain/audit/responseSchemas';
import { auditActionLabel, auditEntityLabel, auditRecordText, auditSideText } from '../../src/domain/audit/format';
import { REPORT_ROWS_HEADER } from '../../src/domain/reports/excel';
import type { Db } from '../db/client';
import { XLSX_TYPE } from '../reports/formats/xlsx/billingExcel';
import { escapeText, saoPauloWallTime } from '../reports/formats/xlsx/excelCells';
import { streamXlsx, type CellValue } from '../reports/formats/xlsx/xlsxWriter';
import type { FileBody } from '../../src/domain/fileAnswer';
import type { Answered } from '../shared/answered';
import { sendFile } from '../shared/sendFile';
import type { Scope } from '../shared/tenancy';
import { auditEntries, countAuditEntries } from './query';

/** Entries per database read. */
const BATCH = 1_000;

const SHEET = {
  name: 'Auditoria',
  columns: [
    { label: 'Data e hora', width: 17, format: 'dd/mm/yyyy hh:mm:ss' },
    { label: 'Gerenciadora', width: 22 },
    { label: 'Usuário', width: 22 },
    { label: 'E-mail', width: 26 },
    { label: 'Endereço IP', width: 16 },
    { label: 'Entidade', width: 22 },
    { label: 'Registro', width: 30, wrap: true },
    { label: 'Ação', width: 14 },
    { label: 'Antes', width: 50, wrap: true },
    { label: 'Depois', width: 50, wrap: true },
  ],
};

const text = (value: string | null): string | null => (value === null || value === '' ? null : escapeText(value));

const rowOf = (entry: AuditEntry): CellValue[] => [
  saoPauloWallTime(entry.at),
  text(entry.riskManagerName),
  text(entry.userName),
  text(entry.userEmail),
  text(entry.ip),
  text(auditEntityLabel(entry.entity)),
  text(auditRecordText(entry)),
  text(auditActionLabel(entry.action)),
  text(auditSideText(entry, 'before')),
  text(auditSideText(entry, 'after')),
];

/**
 * GET /audit/excel: every entry the list would show under the same filters and scope, in the
 * list's order, streamed as .xlsx (the reports' writer) in batches.
 */
export async function sendAuditExcel(
  db: Db,
  reply: FastifyReply,
  scope: Scope,
  where: SQL | undefined,
  order: SQL[],
): Promise<Answered<FileBody<typeof XLSX_TYPE>>> {
  const total = await countAuditEntries(db, where);
  const out = new PassThrough();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) out.destroy();
  });
  const sent = sendFile(
    reply,
    XLSX_TYPE,
    { 'content-disposition': `attachment; filename="${AUDIT_FILE_NAME}"`, [REPORT_ROWS_HEADER]: String(total), 'cache-control': 'no-store' },
    out,
  );
  try {
    await streamXlsx(out, SHEET, async (addRows, gone) => {
      for (let offset = 0; offset < total && !gone(); offset += BATCH) {
        await addRows((await auditEntries(db, scope, where, order, BATCH, offset)).map(rowOf));
      }
    });
  } catch (err) {
    reply.log.error({ err }, 'audit excel export failed mid-stream');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return sent;
}
