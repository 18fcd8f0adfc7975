/**
 * The generic list screen (spec section 2): Voltar, title, record count, Filtrar, Criar novo,
 * Extrair relatório, sortable table with per-row Ver, spinner, empty text, retry on error,
 * 'Página x de y' and the optional legend. Clicking a row or Ver opens the detail dialog, at the
 * record's URL (RecordRoutes.tsx).
 */
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext } from 'react-admin';
import type { ListMeta } from '../../dataProvider';
import type { RowText } from '../../dataProvider/listQuery';
import { ListLegend } from './ListLegend';
import { ListPagination } from './ListPagination';
import { ListTable } from './ListTable';
import { RecordRoutes, useRecordLinks } from './RecordRoutes';
import { Spinner } from '../../layout/Spinner';
import { ALL_OWNERS_LABEL, OWNER_LABEL, OWNER_SOURCE } from './ownerColumn';
import type { FieldContext, FormValues, ResourceDeclaration, SelectOption } from './types';
import { countText, LOAD_ERROR_TEXT, RETRY_TEXT } from './texts';
import { useExportList } from './useExportList';
import { BackButton } from './BackButton';

export interface ResourceListViewProps {
  declaration: ResourceDeclaration;
  ctx: Omit<FieldContext, 'mode' | 'record'>;
  /** The list's meta (parent id and how rows read), also used by the export. */
  meta: ListMeta & { rowText: RowText };
  title: string;
  /** Voltar; no button when absent. */
  onBack?: () => void;
  onChild: (record: FormValues, childResource: string) => void;
  /** Platform admins: the risk managers whose rows the list mixes, for the 'Gerenciadora' filter. */
  owners?: readonly SelectOption[];
}

export function ResourceListView({ declaration, ctx, meta, title, onBack, onChild, owners }: ResourceListViewProps) {
  const list = useListContext<FormValues & { id: string }>();
  const links = useRecordLinks(declaration.name);
  const [filter, setFilter] = useState<string>(() => {
    const q: unknown = (list.filterValues as Record<string, unknown> | undefined)?.q;
    return typeof q === 'string' ? q : '';
  });
  const [owner, setOwner] = useState<string>('');
  const { exportList, exporting } = useExportList(declaration, meta, title);
  const canCreate = declaration.access?.create?.(ctx.user) ?? true;
  const total = list.total ?? 0;

  const applyFilters = (text: string, ownerId: string) =>
    list.setFilters(
      { ...(text.trim() === '' ? {} : { q: text }), ...(ownerId === '' ? {} : { [OWNER_SOURCE]: ownerId }) },
      undefined,
      true,
    );
  const changeFilter = (text: string) => {
    setFilter(text);
    applyFilters(text, owner);
  };
  const changeOwner = (ownerId: string) => {
    setOwner(ownerId);
    applyFilters(filter, ownerId);
  };

  // refetch never rejects: a failed load shows in list.error (the retry alert below).
  const saved = () => void list.refetch();

  return (
    <Box>
      <BackButton onBack={onBack} />
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Box>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" role="status">
              {list.isPending ? '' : countText(total)}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              size="small"
              label="Filtrar"
              type="search"
              value={filter}
              onChange={(event) => changeFilter(event.target.value)}
            />
            {owners && (
              <TextField
                select
                size="small"
                label={OWNER_LABEL}
                value={owner}
                onChange={(event) => changeOwner(event.target.value)}
                sx={{ minWidth: 180 }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{ALL_OWNERS_LABEL}</MenuItem>
                {owners.map((option) => (
                  <MenuItem key={String(option.value)} value={String(option.value)}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {canCreate && (
              <Button variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => links.open('create')}>
                Criar novo
              </Button>
            )}
            <Button variant="outlined" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => void exportList()} loading={exporting} disabled={list.isPending || total === 0}>
              Extrair relatório
            </Button>
          </Stack>
        </Stack>
        {list.isPending ? (
          <Spinner />
        ) : list.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                {RETRY_TEXT}
              </Button>
            }
          >
            {LOAD_ERROR_TEXT}
          </Alert>
        ) : (
          <>
            <ListTable
              declaration={declaration}
              rowText={meta.rowText}
              rows={list.data ?? []}
              sort={list.sort}
              onSort={list.setSort}
              onView={(record) => links.open('show', String(record.id))}
              onChild={onChild}
            />
            {total > 0 && <ListPagination page={list.page} perPage={list.perPage} total={total} onPage={list.setPage} />}
          </>
        )}
      </Paper>
      {declaration.legend && <ListLegend items={declaration.legend} />}
      <RecordRoutes declaration={declaration} ctx={ctx} rows={list.data ?? []} canCreate={canCreate} onSaved={saved} />
    </Box>
  );
}
