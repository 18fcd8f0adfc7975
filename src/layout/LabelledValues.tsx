/**
 * Values each under its label (a definition list in a grid of columns at least 140 px wide): what a
 * table row becomes where its columns do not fit, as a phone's card. A long value wraps anywhere
 * rather than being cut.
 */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface LabelledValue {
  label: string;
  value: ReactNode;
}

export function LabelledValues({ items, id }: { items: readonly LabelledValue[]; id?: string }) {
  return (
    <Box component="dl" id={id} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', columnGap: 2, rowGap: 1, m: 0 }}>
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
