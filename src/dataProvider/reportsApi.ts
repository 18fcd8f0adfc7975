/**
 * The reports service's billing calls (docs/rules/reports.md; base /api/reports) as typed extra methods
 * of the data provider (see missionsApi.ts for why they are flat).
 *
 * | method               | call                                                                     |
 * |----------------------|--------------------------------------------------------------------------|
 * | billingReport        | GET billing?start&end&status…&billingTarget&companies…&page → ReportPage |
 * | downloadBillingExcel | GET billing/excel (same filters, no page) → a streamed .xlsx, saved as a file |
 *
 * status and companies travel as repeated keys (httpClient repeats a list's key per value). Both
 * are made from their contracts (src/domain/reports/contracts.ts).
 */
import { FILE_TYPES } from '../domain/fileAnswer';
import type { ReportFilter } from '../domain/reports';
import { REPORT_CONTRACTS } from '../domain/reports/contracts';
import { REPORT_BYTES_PER_ROW, REPORT_FILE_OVERHEAD, REPORT_ROWS_HEADER, reportFileName } from '../domain/reports/excel';
import { createCall } from './call';
import { createFileCall } from './fileCall';
import type { HttpClient, RequestOptions } from './httpClient';
import { fileNameOf, saveBlob } from './saveFile';

export interface ExcelProgress {
  /** Bytes received so far. */
  bytes: number;
  /** Data rows the file holds (the server's header), when sent. */
  rows: number | null;
  /** 0–100 estimated from the row count (never 100 before the end), or null without it. */
  percent: number | null;
}

export interface ExcelDownload {
  fileName: string;
  bytes: number;
  rows: number | null;
}

function filterQuery(filter: ReportFilter, withPage: boolean): NonNullable<RequestOptions['query']> {
  return {
    start: filter.start,
    end: filter.end,
    status: filter.status ?? [],
    billingTarget: filter.billingTarget,
    companies: filter.companies ?? [],
    page: withPage ? filter.page : undefined,
  };
}

function estimate(bytes: number, rows: number | null): number | null {
  if (rows === null) return null;
  const expected = REPORT_FILE_OVERHEAD + rows * REPORT_BYTES_PER_ROW;
  return Math.min(99, Math.floor((bytes / expected) * 100));
}

export function createReportsApi(httpClient: HttpClient, save: (blob: Blob, fileName: string) => void = saveBlob) {
  const call = createCall(httpClient);
  const fileCall = createFileCall(httpClient);
  return {
    billingReport: (filter: ReportFilter, signal?: AbortSignal) => call(REPORT_CONTRACTS.billing, { query: filterQuery(filter, true), signal }),

    /**
     * Streams the export, reporting progress as bytes arrive, then saves it. Rejects (nothing
     * saved) on an HTTP error or when the stream breaks off.
     */
    async downloadBillingExcel(
      filter: ReportFilter,
      onProgress: (progress: ExcelProgress) => void = () => undefined,
      signal?: AbortSignal,
    ): Promise<ExcelDownload> {
      const response = await fileCall(REPORT_CONTRACTS.billingExcel, { query: filterQuery(filter, false), signal }, 'stream');
      const header = response.headers.get(REPORT_ROWS_HEADER);
      const rows = header !== null && /^\d+$/.test(header) ? Number(header) : null;
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      onProgress({ bytes, rows, percent: estimate(0, rows) });
      const reader = response.data?.getReader();
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(new Uint8Array(value));
        bytes += value.byteLength;
        onProgress({ bytes, rows, percent: estimate(bytes, rows) });
      }
      onProgress({ bytes, rows, percent: rows === null ? null : 100 });
      const fileName = fileNameOf(response.headers.get('Content-Disposition'), reportFileName(filter.start, filter.end));
      save(new Blob(chunks, { type: FILE_TYPES.xlsx }), fileName);
      return { fileName, bytes, rows };
    },
  };
}
