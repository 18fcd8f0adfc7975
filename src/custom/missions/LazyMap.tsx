/** The map, loaded on first use (the budget in docs/performance.md: no map code in the /home/missions chunk). */
import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { MissionMapProps } from './MissionMap';

const MissionMap = lazy(() => import('./MissionMap'));

export function LazyMap(props: MissionMapProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ height: props.height ?? 360, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Carregando mapa" />
        </Box>
      }
    >
      <MissionMap {...props} />
    </Suspense>
  );
}
