/**
 * A details tab's items on a phone: the table's columns do not fit 390 px (the vehicles' Placa fell
 * off the edge), so each item is a card with every column's value under its label and, when the
 * caller may write, the radio that chooses it for Editar and Deletar.
 */
import { Card, CardContent, Radio, Stack } from '@mui/material';
import { LabelledValues } from '../../layout/LabelledValues';
import type { Column } from './columns';

interface Props<T extends { createdAt: string }> {
  label: string;
  items: T[];
  columns: Column<T>[];
  editable: boolean;
  selected: string | null;
  onSelect: (createdAt: string) => void;
}

export function CollectionCards<T extends { createdAt: string }>({ label, items, columns, editable, selected, onSelect }: Props<T>) {
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => {
        const chosen = item.createdAt === selected;
        return (
          <Card
            key={item.createdAt}
            component="li"
            variant="outlined"
            onClick={() => editable && onSelect(item.createdAt)}
            sx={{ bgcolor: 'transparent', borderColor: chosen ? 'primary.main' : undefined }}
          >
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              {editable && <Radio checked={chosen} inputProps={{ 'aria-label': 'Selecionar' }} onChange={() => onSelect(item.createdAt)} sx={{ mt: -1, ml: -1 }} />}
              <LabelledValues items={columns.map((c) => ({ label: c.label, value: c.render(item) }))} />
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
