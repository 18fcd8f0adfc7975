/**
 * The generic list screen (docs/rules/catalogues.md) on react-admin's <List>: Voltar, title, record count,
 * Filtrar, Criar novo, Extrair relatório (react-admin's <ExportButton>), the sortable table with
 * per-row Ver (ListTable.tsx), spinner, empty text, retry on error, 'Página x de y'
 * (ListPagination.tsx) and the optional legend. Clicking a row or Ver opens the detail dialog, at
 * the record's URL (RecordRoutes.tsx, rendered as the list's aside so it shares the list's rows).
 *
 * Hand-written beside react-admin: the header (the product puts title, count and buttons in one bar,
 * and its filter is one free-text box over what the rows show, plus the risk manager for a platform
 * admin), and 'Criar novo' as a button that opens the creation dialog over the list (react-admin's
 * <CreateButton> is a link to a create page).
 */
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { List, useListContext } from 'react-admin';
import type { ListMeta } from '../../dataProvider';
import type { RowText } from '../../dataProvider/listQuery';
import { Spinner } from '../../layout/Spinner';
import { ListLegend } from './ListLegend';
import { ListPagination } from './ListPagination';
import { ListTable } from './ListTable';
import { RecordRoutes, useRecordLinks } from './RecordRoutes';
import { ALL_OWNERS_LABEL, OWNER_LABEL, OWNER_SOURCE } from './ownerColumn';
import type { FieldContext, FormValues, ResourceDeclaration, SelectOption } from './types';
import { countText, LOAD_ERROR_TEXT, RETRY_TEXT } from './texts';
import { ListExportButton } from './ListExportButton';
import { BackButton } from './BackButton';

export const DEFAULT_PER_PAGE = 10;

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

type Row = FormValues & { id: string };

export function ResourceListView(props: ResourceListViewProps) {
  const { declaration, meta, onBack } = props;
  const canCreate = declaration.access?.create?.(props.ctx.user) ?? true;
  // react-admin's query options take a plain record.
  const queryMeta = useMemo(() => ({ ...meta }), [meta]);
  return (
    <Box>
      <BackButton onBack={onBack} />
      <Paper sx={{ p: 2 }}>
        <List<Row>
          resource={declaration.name}
          disableSyncWithLocation
          storeKey={false}
          perPage={declaration.perPage ?? DEFAULT_PER_PAGE}
          sort={declaration.defaultSort ?? { field: declaration.columns[0]?.source ?? 'id', order: 'ASC' }}
          queryOptions={{ meta: queryMeta }}
          debounce={300}
          title={false}
          empty={false}
          component="div"
          // The list's column may be narrower than its table: the table then scrolls inside it.
          sx={{ '& .RaList-main': { minWidth: 0 } }}
          actions={<ListHeader {...props} canCreate={canCreate} />}
          error={<LoadError />}
          pagination={<ListPagination />}
          aside={<ListRecords {...props} canCreate={canCreate} />}
        >
          <ListRows {...props} />
        </List>
      </Paper>
      {declaration.legend && <ListLegend items={declaration.legend} />}
    </Box>
  );
}

/** Title, count, Filtrar, the owner filter, Criar novo and Extrair relatório. */
function ListHeader({ declaration, meta, title, owners, canCreate }: ResourceListViewProps & { canCreate: boolean }) {
  const list = useListContext<Row>();
  const links = useRecordLinks(declaration.name);
  const [filter, setFilter] = useState<string>(() => {
    const q: unknown = (list.filterValues as Record<string, unknown> | undefined)?.q;
    return typeof q === 'string' ? q : '';
  });
  const [owner, setOwner] = useState<string>('');
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

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flex: 1, justifyContent: 'space-between', mb: 2 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status">
          {list.isPending ? '' : countText(total)}
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField size="small" label="Filtrar" type="search" value={filter} onChange={(event) => changeFilter(event.target.value)} />
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
        <ListExportButton declaration={declaration} meta={meta} title={title} disabled={list.isPending || total === 0} />
      </Stack>
    </Stack>
  );
}

/** The rows, or the spinner while the first page loads. */
function ListRows({ declaration, meta, onChild }: ResourceListViewProps) {
  const list = useListContext<Row>();
  const links = useRecordLinks(declaration.name);
  if (list.isPending) return <Spinner />;
  return <ListTable declaration={declaration} rowText={meta.rowText} onView={(record) => links.open('show', String(record.id))} onChild={onChild} />;
}

/** A failed load: the retry button (docs/rules/catalogues.md). */
function LoadError() {
  const list = useListContext();
  return (
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
  );
}

/** The record dialogs below the list, over its rows; after a save or delete the list reads again. */
function ListRecords({ declaration, ctx, canCreate }: ResourceListViewProps & { canCreate: boolean }) {
  const list = useListContext<Row>();
  // refetch never rejects: a failed load shows in the list's error (LoadError).
  return <RecordRoutes declaration={declaration} ctx={ctx} rows={list.data ?? []} canCreate={canCreate} onSaved={() => void list.refetch()} />;
}
