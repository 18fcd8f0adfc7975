/**
 * /home/admin/audit ('Auditoria' in the admin home's 'Segurança' section): the audit trail of the
 * tenant for its administrators, of every tenant for the platform admin (with a Gerenciadora
 * column and filter). Paged and sorted on the server; 'Extrair Excel' downloads every entry under
 * the same filters and order.
 */
import { Box, Button, Paper, TablePagination, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { AUDIT_DEFAULT_PER_PAGE, canReadAudit } from '../../domain/audit';
import type { AppDataProvider } from '../../dataProvider';
import type { AuditFilter } from '../../dataProvider/auditApi';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { Spinner } from '../../layout/Spinner';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { AuditFilters, EMPTY_AUDIT_FILTER } from './AuditFilters';
import { AuditTable, type AuditSortState } from './AuditTable';

export const AUDIT_LOAD_ERROR = 'Não foi possível carregar a auditoria, tente novamente.';
export const AUDIT_EXCEL_ERROR = 'Ocorreu um erro ao tentar gerar a planilha da auditoria com os filtros atuais...';
export const AUDIT_EXCEL_DONE = 'Planilha da auditoria gerada com sucesso!';

function Audit({ allTenants }: { allTenants: boolean }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_AUDIT_FILTER);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(AUDIT_DEFAULT_PER_PAGE);
  const [sort, setSort] = useState<AuditSortState>({ sort: 'at', order: 'DESC' });
  const query = { ...filter, ...sort, page, perPage };
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => dataProvider.auditPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const excel = useOneSubmission(async () => {
    try {
      await dataProvider.downloadAuditExcel({ ...filter, ...sort });
      notify.success(AUDIT_EXCEL_DONE);
    } catch {
      notify.error(AUDIT_EXCEL_ERROR);
    }
  });

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h1">Auditoria</Typography>
        <Button variant="outlined" onClick={() => void excel.run()} disabled={excel.pending}>
          {excel.pending ? 'Gerando planilha…' : 'Extrair Excel'}
        </Button>
      </Box>
      <AuditFilters
        allTenants={allTenants}
        onSearch={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Box role="alert" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography>{AUDIT_LOAD_ERROR}</Typography>
          <Button onClick={() => void refetch()}>Tentar novamente</Button>
        </Box>
      ) : (
        <>
          <AuditTable
            rows={data.data}
            allTenants={allTenants}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
          />
          <TablePagination
            component="div"
            count={data.total}
            page={data.total === 0 ? 0 : page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(1);
            }}
            labelRowsPerPage="Por página"
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count} registros`}
            getItemAriaLabel={(type) => (type === 'next' ? 'Próxima página' : type === 'previous' ? 'Página anterior' : type === 'first' ? 'Primeira página' : 'Última página')}
          />
        </>
      )}
    </Paper>
  );
}

export default function AuditPage() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user || !canReadAudit(user.role)) return <Navigate to="/unauthorized" replace />;
  return <Audit allTenants={user.riskManager === null} />;
}
