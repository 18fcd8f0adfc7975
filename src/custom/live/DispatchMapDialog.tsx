/**
 * 'Mapa' on the missions screen: the dispatcher map of open and started missions (DispatchMap,
 * loaded lazily) with the proposals of the mission clicked on it, and its teams while it runs.
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { MissionRow } from '../../domain/missions';
import { MissionDialog } from '../missions/MissionDialog';
import { MissionStatusChip } from '../missions/MissionStatusChip';
import { mapTeamsOf, teamsQueryKey } from '../missions/teamsOnMap';
import { useDispatchMissions } from './dispatchMissions';

const DispatchMap = lazy(() => import('./DispatchMap'));

export const DISPATCH_MAP_TITLE = 'Mapa de missões abertas e iniciadas';
export const DISPATCH_MAP_LEGEND = 'Legenda do mapa';

/** The statuses of the pins on the map, each on its colour, in the order first met. */
function PinLegend({ missions }: { missions: MissionRow[] }) {
  const statuses = [...new Set(missions.map((row) => row.status))];
  if (statuses.length === 0) return null;
  return (
    <Stack component="aside" aria-label={DISPATCH_MAP_LEGEND} direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
      <Typography variant="body2" component="h3">
        {`${DISPATCH_MAP_LEGEND}:`}
      </Typography>
      {statuses.map((status) => (
        <MissionStatusChip key={status} status={status} />
      ))}
    </Stack>
  );
}

export function DispatchMapDialog({ onClose }: { onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const missions = useDispatchMissions();
  const [selected, setSelected] = useState<MissionRow | null>(null);
  const proposals = useQuery({
    queryKey: ['missions', 'proposals', selected?._id ?? ''],
    queryFn: ({ signal }) => dataProvider.missionProposals(selected?._id ?? '', signal),
    enabled: selected !== null,
  });
  // The selected running mission's teams: refetched by the live `position` event (useLiveMissions of the missions screen).
  const teams = useQuery({
    queryKey: teamsQueryKey(selected?._id ?? ''),
    queryFn: ({ signal }) => dataProvider.missionTeams(selected?._id ?? '', signal),
    enabled: selected?.status === 'started',
    retry: false,
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
            <DispatchMap
              missions={missions.data}
              selected={selected}
              proposals={selected ? (proposals.data ?? []) : []}
              teams={selected?.status === 'started' ? mapTeamsOf(teams.data?.teams ?? [], new Date()) : []}
              onSelect={setSelected}
            />
          </Suspense>
          <PinLegend missions={missions.data} />
        </>
      )}
      {missions.isPending && loading}
    </MissionDialog>
  );
}
