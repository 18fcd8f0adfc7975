/**
 * A list screen's 'Extrair relatório' (base /api/admin): the rows as the screen shows them go to
 * the server, the workbook comes back (src/domain/listExport.ts).
 *
 * | method    | call                                                  |
 * |-----------|-------------------------------------------------------|
 * | listExcel | POST lists/excel {title, header, rows} → the .xlsx    |
 */
import { LIST_EXPORT_PATH } from '../domain/listExport';
import type { HttpClient } from './httpClient';

export interface ListSheet {
  title: string;
  header: string[];
  rows: string[][];
}

export function createListExportApi(httpClient: HttpClient) {
  return {
    listExcel: async (sheet: ListSheet): Promise<Blob> =>
      (await httpClient<Blob>('admin', LIST_EXPORT_PATH, { method: 'POST', body: sheet, responseType: 'blob' })).data,
  };
}
