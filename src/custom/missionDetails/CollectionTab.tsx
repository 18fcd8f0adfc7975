import { Box, Button, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { DETAILS_TABS, nothingToDelete, type SubCollection } from '../../domain/missionDetails';
import { ActionButton } from '../../layout/ActionButton';
import { notify } from '../../layout/notify';
import { CollectionCards } from './CollectionCards';
import type { Column } from './columns';

/** Ours: editing with no row chosen (the spec quotes only the delete text). */
export const nothingToEdit = 'Selecione um item para editar';

interface Props<T extends { createdAt: string }> {
  collection: SubCollection;
  items: T[];
  columns: Column<T>[];
  editable: boolean;
  onAdd: () => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => Promise<boolean>;
}

/**
 * One tab of the details screen: its table, a row chosen by its radio (items are addressed by
 * createdAt), and — when the caller may write — Adicionar, Editar and Deletar.
 */
export function CollectionTab<T extends { createdAt: string }>({ collection, items, columns, editable, onAdd, onEdit, onDelete }: Props<T>) {
  const label = DETAILS_TABS[collection];
  const [selected, setSelected] = useState<string | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const chosen = items.find((i) => i.createdAt === selected) ?? null;
  const remove = async () => {
    if (!chosen) {
      notify.error(nothingToDelete(collection));
      return;
    }
    if (await onDelete(chosen)) setSelected(null);
  };
  return (
    <Box>
      {editable && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Button variant="contained" onClick={onAdd}>
            Adicionar
          </Button>
          <Button variant="outlined" onClick={() => (chosen ? onEdit(chosen) : notify.error(nothingToEdit))}>
            Editar
          </Button>
          <ActionButton variant="outlined" color="error" onClick={remove}>
            Deletar
          </ActionButton>
        </Stack>
      )}
      {items.length === 0 ? (
        <Typography color="text.secondary">Nenhum registro.</Typography>
      ) : phone ? (
        <CollectionCards label={`Tabela: ${label}`} items={items} columns={columns} editable={editable} selected={selected} onSelect={setSelected} />
      ) : (
        // A narrow window may still be narrower than the columns: the table scrolls inside its own
        // region (focusable, so the keyboard scrolls it too) instead of widening the page.
        <Box role="region" aria-label={`Tabela: ${label}`} tabIndex={0} sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {editable && <TableCell padding="checkbox" />}
                {columns.map((c) => (
                  <TableCell key={c.label}>{c.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.createdAt} hover selected={item.createdAt === selected} onClick={() => editable && setSelected(item.createdAt)}>
                  {editable && (
                    <TableCell padding="checkbox">
                      <Radio checked={item.createdAt === selected} inputProps={{ 'aria-label': 'Selecionar' }} onChange={() => setSelected(item.createdAt)} />
                    </TableCell>
                  )}
                  {columns.map((c) => (
                    <TableCell key={c.label}>{c.render(item)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
