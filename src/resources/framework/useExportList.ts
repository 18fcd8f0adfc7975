/**
 * 'Extrair relatório': fetches every row of the current filter and sort (not only the page on
 * screen) and downloads them as .xlsx with the visible columns' labels as header.
 */
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { buildWorkbook, downloadFile, exportFileName } from './exportWorkbook';
import type { ListMeta } from '../../dataProvider';
import type { RowText } from '../../dataProvider/listQuery';
import type { FormValues, ResourceDeclaration } from './types';
import { columnLabel } from './values';

/** The product's Excel failure text (reports screen), reused for every list. */
export const EXPORT_ERROR = 'Ocorreu um erro ao tentar gerar o relatório com os filtros atuais...';

export function useExportList(declaration: ResourceDeclaration, meta: ListMeta & { rowText: RowText }, title: string) {
  const dataProvider = useDataProvider();
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
      const bytes = await buildWorkbook({
        sheetName: title,
        header: declaration.columns.map((c) => columnLabel(declaration, c)),
        rows: data.map((record) => meta.rowText.cells(record)),
      });
      downloadFile(bytes, exportFileName(title));
    } catch {
      notify(EXPORT_ERROR, { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return { exportList, exporting };
}
