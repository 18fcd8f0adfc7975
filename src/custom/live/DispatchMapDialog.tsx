/**
 * 'Mapa' on the missions screen: the dispatcher map of open and started missions (DispatchMap,
 * loaded lazily) with the proposals of the mission clicked on it.
 */
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { MissionRow } from '../../domain/missions';
import { MissionDialog } from '../missions/MissionDialog';
import { useDispatchMissions } from './dispatchMissions';

const DispatchMap = lazy(() => import('./DispatchMap'));

export const DISPATCH_MAP_TITLE = 'Mapa de missões abertas e iniciadas';

export function DispatchMapDialog({ onClose }: { onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const missions = useDispatchMissions();
  const [selected, setSelected] = useState<MissionRow | null>(null);
  const proposals = useQuery({
    queryKey: ['missions', 'proposals', selected?._id ?? ''],
    queryFn: ({ signal }) => dataProvider.missionProposals(selected?._id ?? '', signal),
    enabled: selected !== null,
  });
  const loading = (
    <Box sx={{ height: '70vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Carregando mapa" />
    </Box>
  );

  return (
    <MissionDialog title={DISPATCH_MAP_TITLE} onClose={onClose} wide actions={<Button onClick={onClose}>Fechar</Button>}>
      {missions.isError && <Alert severity="error">Não foi possível carregar as missões</Alert>}
      {missions.data && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {selected
              ? `Missão ${selected.processNumber ?? selected._id}: ${(proposals.data ?? []).length} proposta(s)`
              : `${missions.data.length} missões no mapa. Clique em uma para ver suas propostas.`}
          </Typography>
          <Suspense fallback={loading}>
            <DispatchMap missions={missions.data} selected={selected} proposals={selected ? (proposals.data ?? []) : []} onSelect={setSelected} />
          </Suspense>
        </>
      )}
      {missions.isPending && loading}
    </MissionDialog>
  );
}
