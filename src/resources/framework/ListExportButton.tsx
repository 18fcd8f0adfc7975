/**
 * 'Extrair relatório': react-admin's <ExportButton>, which reads every row of the current filter and
 * sort (not only the page on screen); its exporter turns them into the texts the list shows and the
 * server writes them as .xlsx under the visible columns' labels (src/domain/listExport.ts).
 *
 * While the rows are read and the server builds the file, the button is disabled with a spinner, as
 * react-admin's <SaveButton> is while saving. Hand-written: <ExportButton> does not wait for its
 * exporter, so the progress ends when the file is saved, or when the rows or the file fail.
 */
import { CircularProgress } from '@mui/material';
import { useMemo, useState } from 'react';
import { ExportButton, ListContextProvider, useDataProvider, useListContext, useNotify, type Exporter } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { RowText } from '../../dataProvider/listQuery';
import { saveBlob } from '../../dataProvider/saveFile';
import { listExportFileName } from '../../domain/listExport';
import type { FormValues, ResourceDeclaration } from './types';
import { columnLabel } from './values';

/** The reports screen's Excel failure text (docs/rules/reports.md), reused for every list. */
export const EXPORT_ERROR = 'Ocorreu um erro ao tentar gerar o relatório com os filtros atuais...';

type Row = FormValues & { id: string };

export interface ListExportButtonProps {
  declaration: ResourceDeclaration;
  /** The list's meta: how rows read (the cells written) and the parent, for reading every row. */
  meta: { rowText: RowText };
  title: string;
  disabled: boolean;
}

export function ListExportButton({ declaration, meta, title, disabled }: ListExportButtonProps) {
  const list = useListContext<Row>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  // <ExportButton> reads the rows through the list's getData: a failed read ends the progress too.
  const context = useMemo(() => {
    const { getData } = list;
    if (!getData) return list;
    return {
      ...list,
      getData: (options?: Parameters<typeof getData>[0]) =>
        getData(options).catch((error: unknown) => {
          setExporting(false);
          throw error;
        }),
    };
  }, [list]);
  const exporter: Exporter<Row> = async (records) => {
    try {
      const file = await dataProvider.listExcel({
        title,
        header: declaration.columns.map((c) => columnLabel(declaration, c)),
        rows: records.map((record) => meta.rowText.cells(record)),
      });
      saveBlob(file, listExportFileName(title));
    } catch {
      notify(EXPORT_ERROR, { type: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <ListContextProvider value={context}>
      <ExportButton
        label="Extrair relatório"
        exporter={exporter}
        meta={meta}
        maxResults={Math.max(list.total ?? 0, 1)}
        variant="outlined"
        size="medium"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        onClick={() => setExporting(true)}
        disabled={disabled || exporting}
        icon={exporting ? <CircularProgress size={14} thickness={3} color="inherit" /> : undefined}
      />
    </ListContextProvider>
  );
}
