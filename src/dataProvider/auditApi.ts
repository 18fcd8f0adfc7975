/**
 * The audit trail's calls (Administração → Auditoria; base /api/admin) as typed extra methods of
 * the data provider.
 *
 * | method             | call                                                                         |
 * |--------------------|------------------------------------------------------------------------------|
 * | auditPage          | GET audit?user&entity&record&start&end&riskManager&page&perPage&sort&order → AuditPage |
 * | downloadAuditExcel | GET audit/excel (same filters and order, no page) → .xlsx saved as a file    |
 */
import { AUDIT_FILE_NAME, AUDIT_PATHS, type AuditPage, type AuditSort } from '../domain/audit';
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

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  return {
    auditPage: async (query: AuditListQuery, signal?: AbortSignal) =>
      (
        await httpClient<AuditPage>('admin', AUDIT_PATHS.list, {
          query: { ...filterQuery(query), page: query.page, perPage: query.perPage, sort: query.sort, order: query.order },
          signal,
        })
      ).data,

    /** Every entry under the filters, in the list's order, saved as a spreadsheet. */
    async downloadAuditExcel(query: Omit<AuditListQuery, 'page' | 'perPage'>): Promise<{ fileName: string }> {
      const response = await httpClient<Blob>('admin', AUDIT_PATHS.excel, {
        query: { ...filterQuery(query), sort: query.sort, order: query.order },
        headers: { Accept: XLSX },
        responseType: 'blob',
      });
      const fileName = fileNameOf(response.headers.get('Content-Disposition'), AUDIT_FILE_NAME);
      save(response.data, fileName);
      return { fileName };
    },
  };
}
