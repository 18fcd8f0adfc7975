/**
 * The phone layout of the one table (DataTable.tsx), below 600 px where no table fits: each row a
 * card (a list item named after its record) with each column's label above its value, the row's
 * extra fields and its actions; the sort is a select above the cards. Loaded only on a phone.
 */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { flashSx } from './flash';
import { LabelledValues } from './LabelledValues';
import { rowKeyDown, rowState, SORT_LABEL, type DataTableProps, type LayoutProps } from './dataRows';

/** The sort of the cards: each sortable column, ascending or descending. */
function CardsSort<R>({ columns, sort, onSort }: Pick<DataTableProps<R>, 'columns' | 'sort' | 'onSort'>) {
  const sortable = columns.filter((column) => column.sortable !== false);
  if (!onSort || sortable.length === 0) return null;
  const options = sortable.flatMap((column) =>
    (['ASC', 'DESC'] as const).map((order) => ({
      value: `${order}:${column.source}`,
      label: `${column.label} — ${order === 'ASC' ? 'crescente' : 'decrescente'}`,
      sort: { field: column.source, order },
    })),
  );
  const current = sort ? `${sort.order}:${sort.field}` : '';
  return (
    <TextField
      select
      size="small"
      label={SORT_LABEL}
      value={options.some((option) => option.value === current) ? current : ''}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) onSort(chosen.sort);
      }}
      sx={{ mb: 1, minWidth: 200 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export default function DataCards<R>(props: LayoutProps<R>) {
  const { label, rows, columns, actions, sort, onSort, onRowClick, cardName, details, detailsId, expanded } = props;
  const nameOf = cardName ?? ((row: R) => columns[0]?.text(row) ?? '');
  return (
    <Box>
      <CardsSort columns={columns} sort={sort} onSort={onSort} />
      <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => {
          const { id, open, selected, flash } = rowState(props, row);
          return (
            <Card
              key={id}
              component="li"
              variant="outlined"
              data-row
              aria-label={nameOf(row)}
              aria-current={selected || undefined}
              data-flash={flash || undefined}
              tabIndex={onRowClick ? 0 : undefined}
              onClick={onRowClick && (() => onRowClick(row))}
              onKeyDown={rowKeyDown(row, onRowClick)}
              // The surface it lies on shows through (the page's card or a dialog), as under the
              // table's rows: the colours of the actions were chosen against that surface (WCAG AA).
              sx={{ bgcolor: 'transparent', ...flashSx(flash), borderColor: selected ? 'primary.main' : undefined, ...(onRowClick ? { cursor: 'pointer' } : {}) }}
            >
              <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Stack spacing={1}>
                  <LabelledValues items={columns.map((column) => ({ label: column.label, value: column.render ? column.render(row) : column.text(row) || '-' }))} />
                  {details && (
                    <Button
                      size="small"
                      sx={{ alignSelf: 'flex-start' }}
                      startIcon={open ? <ExpandLess /> : <ExpandMore />}
                      aria-label={details.name(row)}
                      aria-expanded={open}
                      aria-controls={open ? detailsId(row) : undefined}
                      onClick={(event) => {
                        event.stopPropagation();
                        expanded.toggle(id);
                      }}
                    >
                      {details.label}
                    </Button>
                  )}
                  {open && details?.render(row, detailsId(row))}
                  {actions && (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} onClick={(event) => event.stopPropagation()}>
                      {actions(row, 'cards')}
                    </Stack>
                  )}
                </Stack>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
}
