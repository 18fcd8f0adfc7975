import { Box, Button, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { DETAILS_TABS, deleteItemQuestion, detailNoun, nothingToDelete, type SubCollection } from '../../domain/missionDetails';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { DeleteConfirmDialog } from '../../layout/DeleteConfirmDialog';
import { CollectionCards } from './CollectionCards';
import type { Column } from './columns';

/** Editing with no row chosen (the delete text is in docs/rules/messages.md). */
export const nothingToEdit = 'Selecione um item para editar';

interface Props<T extends { createdAt: string }> {
  collection: SubCollection;
  items: T[];
  columns: Column<T>[];
  editable: boolean;
  onAdd: () => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => Promise<boolean>;
  /** The item as the delete confirmation names it (missionDetails/changes.ts itemName). */
  nameOf: (item: T) => string;
}

/**
 * One tab of the details screen: its table, a row chosen by its radio (items are addressed by
 * createdAt), and — when the caller may write — Adicionar, Editar and Deletar. A deletion is not
 * undone, so Deletar asks first, naming the item; its confirmation sends one request however often
 * it is pressed.
 */
export function CollectionTab<T extends { createdAt: string }>({ collection, items, columns, editable, onAdd, onEdit, onDelete, nameOf }: Props<T>) {
  const label = DETAILS_TABS[collection];
  const [selected, setSelected] = useState<string | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const chosen = items.find((i) => i.createdAt === selected) ?? null;
  const [confirming, setConfirming] = useState<T | null>(null);
  const remove = useOneSubmission(async (item: T) => {
    if (await onDelete(item)) setSelected(null);
    setConfirming(null);
  });
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
          <Button variant="outlined" color="error" onClick={() => (chosen ? setConfirming(chosen) : notify.error(nothingToDelete(collection)))}>
            Deletar
          </Button>
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
      {confirming && (
        <DeleteConfirmDialog
          open
          entity={detailNoun(collection)}
          question={deleteItemQuestion(collection, nameOf(confirming))}
          loading={remove.pending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void remove.run(confirming)}
        />
      )}
    </Box>
  );
}
