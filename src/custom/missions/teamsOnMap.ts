/**
 * A mission's teams as the maps draw them (docs/rules/positions.md): the query every map of the
 * mission shares (refetched by the live `position` event, useLiveMissions) and each team's label.
 */
import { fixAgeText } from '../../domain/positions/eta';
import type { TeamPosition } from '../../domain/positions/contracts';
import type { MapTeam } from './TeamLayers';

/** The TanStack Query key of a mission's teams. */
export const teamsQueryKey = (mission: string) => ['missions', 'teams', mission];

/** 'Celular da viatura 1 · 36 km/h · há 2 min'. */
export function teamLabel(team: TeamPosition, now: Date): string {
  const speed = team.latest.speedKmh === null ? null : `${Math.round(team.latest.speedKmh)} km/h`;
  return [team.name, speed, fixAgeText(team.latest.fixedAt, now)].filter(Boolean).join(' · ');
}

export const mapTeamsOf = (teams: TeamPosition[], now: Date): MapTeam[] =>
  teams.map((team) => ({ key: team._id, position: [team.latest.latitude, team.latest.longitude], trail: team.trail, label: teamLabel(team, now) }));
