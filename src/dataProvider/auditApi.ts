/**
 * The audit trail's calls (Administração → Auditoria; base /api/admin) as typed extra methods of
 * the data provider, made from their contracts (src/domain/audit/contracts.ts).
 *
 * | method             | call                                                                         |
 * |--------------------|------------------------------------------------------------------------------|
 * | auditPage          | GET audit?user&entity&record&start&end&riskManager&page&perPage&sort&order → AuditPage |
 * | downloadAuditExcel | GET audit/excel (same filters and order, no page) → .xlsx saved as a file    |
 */
import { AUDIT_FILE_NAME, type AuditSort } from '../domain/audit';
import { AUDIT_CONTRACTS } from '../domain/audit/contracts';
import { createCall } from './call';
import { createFileCall } from './fileCall';
import type { HttpClient, RequestOptions } from './httpClient';
import { fileNameOf, saveBlob } from './saveFile';

export interface AuditFilter {
  /** Part of the name or e-mail of who acted. */
  user?: string;
  entity?: string;
  /** A record's id, or part of it. */
  record?: string;
  start?: Date | null;
  end?: Date | null;
  /** Platform admin only: one tenant. */
  riskManager?: string;
}

export interface AuditListQuery extends AuditFilter {
  page: number;
  perPage: number;
  sort: AuditSort;
  order: 'ASC' | 'DESC';
}

/** The filters as query parameters; an empty filter is left out. */
function filterQuery(filter: AuditFilter): NonNullable<RequestOptions['query']> {
  const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);
  return {
    user: text(filter.user),
    entity: text(filter.entity),
    record: text(filter.record),
    riskManager: text(filter.riskManager),
    start: filter.start ? filter.start.toISOString() : undefined,
    end: filter.end ? filter.end.toISOString() : undefined,
  };
}

export function createAuditApi(httpClient: HttpClient, save: (blob: Blob, fileName: string) => void = saveBlob) {
  const call = createCall(httpClient);
  const fileCall = createFileCall(httpClient);
  return {
    auditPage: (query: AuditListQuery, signal?: AbortSignal) =>
      call(AUDIT_CONTRACTS.list, {
        query: { ...filterQuery(query), page: query.page, perPage: query.perPage, sort: query.sort, order: query.order },
        signal,
      }),

    /** Every entry under the filters, in the list's order, saved as a spreadsheet. */
    async downloadAuditExcel(query: Omit<AuditListQuery, 'page' | 'perPage'>): Promise<{ fileName: string }> {
      const response = await fileCall(AUDIT_CONTRACTS.excel, { query: { ...filterQuery(query), sort: query.sort, order: query.order } });
      const fileName = fileNameOf(response.headers.get('Content-Disposition'), AUDIT_FILE_NAME);
      save(response.data, fileName);
      return { fileName };
    },
  };
}
