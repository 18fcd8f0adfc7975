/** The optional 'Legendas' box explaining row icons. */
import { Box, Stack, Typography } from '@mui/material';
import type { LegendItem } from './types';

export function ListLegend({ items }: { items: LegendItem[] }) {
  return (
    <Box component="aside" aria-label="Legendas" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Legendas
      </Typography>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', mt: 1 }}>
        {items.map((item) => (
          <Stack key={item.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {item.icon}
            <Typography variant="body2">{item.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
