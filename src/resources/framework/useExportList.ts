/**
 * 'Extrair relatório': fetches every row of the current filter and sort (not only the page on
 * screen), as the list shows them, and has the server write them as .xlsx with the visible
 * columns' labels as header (src/domain/listExport.ts).
 */
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import type { AppDataProvider, ListMeta } from '../../dataProvider';
import { saveBlob } from '../../dataProvider/saveFile';
import { listExportFileName } from '../../domain/listExport';
import type { RowText } from '../../dataProvider/listQuery';
import type { FormValues, ResourceDeclaration } from './types';
import { columnLabel } from './values';

/** The spec's Excel failure text (reports screen), reused for every list. */
export const EXPORT_ERROR = 'Ocorreu um erro ao tentar gerar o relatório com os filtros atuais...';

export function useExportList(declaration: ResourceDeclaration, meta: ListMeta & { rowText: RowText }, title: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const list = useListContext<FormValues & { id: string }>();
  const { sort, total } = list;
  const filterValues = list.filterValues as Record<string, unknown>;
  const [exporting, setExporting] = useState(false);

  const exportList = async () => {
    setExporting(true);
    try {
      const { data } = await dataProvider.getList<FormValues & { id: string }>(declaration.name, {
        filter: filterValues,
        sort,
        pagination: { page: 1, perPage: Math.max(total ?? 0, 1) },
        meta,
      });
      const file = await dataProvider.listExcel({
        title,
        header: declaration.columns.map((c) => columnLabel(declaration, c)),
        rows: data.map((record) => meta.rowText.cells(record)),
      });
      saveBlob(file, listExportFileName(title));
    } catch {
      notify(EXPORT_ERROR, { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return { exportList, exporting };
}
