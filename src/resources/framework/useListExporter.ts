/**
 * The exporter of a catalogue's react-admin <ExportButton> ('Extrair relatório'): the button reads
 * every row of the current filter and sort (not only the page on screen); here they become the
 * texts the list shows and the server writes them as .xlsx under the visible columns' labels
 * (src/domain/listExport.ts).
 */
import { useDataProvider, useNotify, type Exporter } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { RowText } from '../../dataProvider/listQuery';
import { saveBlob } from '../../dataProvider/saveFile';
import { listExportFileName } from '../../domain/listExport';
import type { FormValues, ResourceDeclaration } from './types';
import { columnLabel } from './values';

/** The reports screen's Excel failure text (docs/rules/reports.md), reused for every list. */
export const EXPORT_ERROR = 'Ocorreu um erro ao tentar gerar o relatório com os filtros atuais...';

export function useListExporter(declaration: ResourceDeclaration, rowText: RowText, title: string): Exporter<FormValues & { id: string }> {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  return async (records) => {
    try {
      const file = await dataProvider.listExcel({
        title,
        header: declaration.columns.map((c) => columnLabel(declaration, c)),
        rows: records.map((record) => rowText.cells(record)),
      });
      saveBlob(file, listExportFileName(title));
    } catch {
      notify(EXPORT_ERROR, { type: 'error' });
    }
  };
}
