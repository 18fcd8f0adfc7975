/**
 * What a tab shows of a list it loads: a spinner, the load error with 'Tentar novamente', its empty
 * state, or one card per item (one column on a phone, two from md up).
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { Spinner } from '../../layout/Spinner';

export function LoadError({ retry }: { retry: () => void }) {
  return (
    <Alert severity="error" action={<Button onClick={retry}>{T.retry}</Button>}>
      {T.loadError}
    </Alert>
  );
}

export function CardList<Item>({ query, label, empty, card }: { query: UseQueryResult<Item[]>; label: string; empty: string; card: (item: Item) => ReactNode }) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Typography>{empty}</Typography>;
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {query.data.map(card)}
    </Box>
  );
}
