/**
 * The billing report (docs/rules/reports.md): filters, the paged table of REPORT_COLUMNS and the
 * Excel extraction of the searched filter. Its own component so the reports page can hold more.
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FileDownload from '@mui/icons-material/FileDownload';
import { Alert, Box, Button, CircularProgress, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { ReportFilter } from '../../domain/reports';
import { formatNumber } from '../../domain/validators/numbers';
import { defaultReportFilters, ReportFilters, type SearchedFilters } from './ReportFilters';
import { ReportTable } from './ReportTable';
import { useExcelExport } from './useExcelExport';

export const REPORT_LOAD_ERROR = 'Não foi possível carregar o relatório';

const toFilter = (values: SearchedFilters): ReportFilter => ({
  start: values.start.toISOString(),
  end: values.end.toISOString(),
  status: values.status,
  billingTarget: values.billingTarget,
  companies: values.companies,
  page: 1,
});

function ExcelProgressBar({ percent, bytes }: { percent: number | null; bytes: number }) {
  const kb = `${formatNumber(bytes / 1024, 0)} KB`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: { xs: '100%', sm: 260 } }}>
      <LinearProgress
        sx={{ flex: 1 }}
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label="Progresso da extração"
      />
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {percent === null ? kb : `${percent}%`}
      </Typography>
    </Stack>
  );
}

/** The report, opened on the current month and searched at once (defaultReportFilters). */
export function BillingReportSection({ providerOnly, now = () => new Date() }: { providerOnly: boolean; now?: () => Date }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [defaults] = useState(() => defaultReportFilters(providerOnly, now()));
  const [filter, setFilter] = useState<ReportFilter>(() => toFilter(defaults));
  const excel = useExcelExport();
  const report = useQuery({
    queryKey: ['reports', 'billing', filter],
    queryFn: ({ signal }) => dataProvider.billingReport(filter, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const page = report.data;
  const go = (to: number) => setFilter((f) => ({ ...f, page: to }));
  const exportFilter = { ...filter, page: undefined };

  return (
    <Box>
      <ReportFilters providerOnly={providerOnly} defaults={defaults} now={now} onSearch={(values) => setFilter(toFilter(values))} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, mb: 1.5, alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          disabled={excel.running}
          onClick={() => void excel.run(exportFilter)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Extrair Excel
        </Button>
        {excel.progress && <ExcelProgressBar percent={excel.progress.percent} bytes={excel.progress.bytes} />}
      </Stack>
      {report.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              Tentar novamente
            </Button>
          }
        >
          {REPORT_LOAD_ERROR}
        </Alert>
      )}
      {report.isPending && <CircularProgress aria-label="Carregando" />}
      {page && page.reports.length === 0 && <Typography sx={{ py: 2 }}>Nenhum registro encontrado</Typography>}
      {page && page.reports.length > 0 && (
        <Box sx={{ opacity: report.isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <ReportTable rows={page.reports} totals={page.totals} />
        </Box>
      )}
      {page && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', py: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {`${formatNumber(page.pagination.quantity)} registros`}
          </Typography>
          <IconButton aria-label="Página anterior" size="small" disabled={page.pagination.current <= 1 || report.isFetching} onClick={() => go(page.pagination.current - 1)}>
            <ChevronLeft />
          </IconButton>
          <Typography variant="body2">{`Página ${formatNumber(page.pagination.current)} de ${formatNumber(page.pagination.pages)}`}</Typography>
          <IconButton
            aria-label="Próxima página"
            size="small"
            disabled={page.pagination.current >= page.pagination.pages || report.isFetching}
            onClick={() => go(page.pagination.current + 1)}
          >
            <ChevronRight />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}
