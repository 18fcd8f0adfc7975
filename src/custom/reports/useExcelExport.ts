/**
 * 'Extrair Excel': streams GET billing/excel through the data provider, keeping its progress for
 * the bar, and says REPORT_EXCEL_ERROR when it fails (nothing is saved then).
 */
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { ExcelProgress } from '../../dataProvider/reportsApi';
import { REPORT_EXCEL_ERROR, type ReportFilter } from '../../domain/reports';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';

export function useExcelExport() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [progress, setProgress] = useState<ExcelProgress | null>(null);

  const extraction = useOneSubmission(async (filter: ReportFilter) => {
    setProgress({ bytes: 0, rows: null, percent: null });
    try {
      await dataProvider.downloadBillingExcel(filter, setProgress);
    } catch {
      notify.error(REPORT_EXCEL_ERROR);
    } finally {
      setProgress(null);
    }
  });

  return { running: extraction.pending, progress, run: extraction.run };
}
