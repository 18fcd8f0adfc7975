/**
 * 'Equipes no mapa' on a running mission's details (docs/rules/positions.md), for its risk manager
 * and its holder: each of the holder's devices with its trail, a dot at its latest fix labelled
 * with its name, speed and age ('há 2 min'), and the live estimate ('chega em 12 min'). A new
 * position arrives as a live `position` event (useLiveMissions), which refetches the teams.
 */
import { Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { MissionRow } from '../../domain/missions';
import { arrivesInText } from '../../domain/positions/eta';
import { useLiveMissions } from '../live/useLiveMissions';
import { LazyMap } from '../missions/LazyMap';
import { mapTeamsOf, teamLabel, teamsQueryKey } from '../missions/teamsOnMap';

/** The ages ('há 2 min') move by minutes. */
const TICK_MS = 15_000;

export const TEAMS_TEXTS = {
  title: 'Equipes no mapa',
  none: 'Nenhuma posição recebida desde o aceite. As posições chegam pelos dispositivos da prestadora (Traccar Client).',
} as const;

export function TeamsMap({ mission }: { mission: MissionRow }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  useLiveMissions();
  const query = useQuery({ queryKey: teamsQueryKey(mission._id), queryFn: ({ signal }) => dataProvider.missionTeams(mission._id, signal), retry: false });
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!query.data) return null;
  const { teams, eta } = query.data;
  return (
    <Card variant="outlined" component="section" aria-label={TEAMS_TEXTS.title} sx={{ mb: 2 }} data-testid="teams-map">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {TEAMS_TEXTS.title}
        </Typography>
        {eta && (
          <Typography variant="body1" data-testid="teams-eta">
            Equipe a caminho: <strong>{arrivesInText(eta.minutes)}</strong>
          </Typography>
        )}
        {teams.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {TEAMS_TEXTS.none}
          </Typography>
        )}
        {teams.map((team) => (
          <Typography key={team._id} variant="body2" color="text.secondary" data-testid="team-line">
            {teamLabel(team, now)}
          </Typography>
        ))}
        <LazyMap
          center={[mission.location.latitude, mission.location.longitude]}
          height={360}
          teams={mapTeamsOf(teams, now)}
          pins={[{ key: mission._id, position: [mission.location.latitude, mission.location.longitude], info: <strong>{mission.processNumber ?? 'Missão'}</strong> }]}
        />
      </CardContent>
    </Card>
  );
}
