/**
 * A list screen's 'Extrair relatório' (base /api/admin): the rows as the screen shows them go to
 * the server, the workbook comes back (src/domain/listExport.ts), made from its contract.
 *
 * | method    | call                                                  |
 * |-----------|-------------------------------------------------------|
 * | listExcel | POST lists/excel {title, header, rows} → the .xlsx    |
 */
import { LIST_EXPORT_CONTRACT, type ListSheet } from '../domain/listExport';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createListExportApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    listExcel: (sheet: ListSheet): Promise<Blob> => call(LIST_EXPORT_CONTRACT, { body: sheet }),
  };
}
