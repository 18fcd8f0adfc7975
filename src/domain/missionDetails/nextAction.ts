/**
 * What the team holding a running mission does next, shown first on its phone (docs/rules/field-app.md):
 * read the next odometer point of the first agent that lacks it, in the order the mission goes
 * (arrival, leaving the place, the end), then ask to finish. Registering an occurrence is always at hand beside it.
 */
import type { OdometerPointName } from '../schemas/missionDetails';
import type { SecurityAgentDisplay } from './types';

export type NextFieldAction =
  | { kind: 'addAgent' }
  | { kind: 'reading'; agent: SecurityAgentDisplay; point: Exclude<OdometerPointName, 'start'> }
  | { kind: 'askFinish' }
  | { kind: 'finishAsked' };

const LATER_POINTS = ['arrivalOnPlace', 'endOnPlace', 'end'] as const;

export function nextFieldAction(agents: readonly SecurityAgentDisplay[], finishingAsked: boolean): NextFieldAction {
  if (agents.length === 0) return { kind: 'addAgent' };
  for (const point of LATER_POINTS) {
    const agent = agents.find((a) => a.odometer[point] == null && !(point === 'endOnPlace' && a.odometer.end != null));
    if (agent) return { kind: 'reading', agent, point };
  }
  return finishingAsked ? { kind: 'finishAsked' } : { kind: 'askFinish' };
}

/**
 * The time the reading's form proposes when the team's positions already tell it: the arrival or
 * the leaving detected (docs/rules/positions.md); null: the phone's now. The agent confirms it and types the km.
 */
export function detectedReadingTime(point: Exclude<OdometerPointName, 'start'>, mission: { teamArrivedAt: string | null; teamLeftAt: string | null }): string | null {
  if (point === 'arrivalOnPlace') return mission.teamArrivedAt;
  return point === 'endOnPlace' ? mission.teamLeftAt : null;
}

/** The button of each reading, in the team's words. */
export const READING_ACTION_LABELS: Record<Exclude<OdometerPointName, 'start'>, string> = {
  arrivalOnPlace: 'Cheguei ao local',
  endOnPlace: 'Saí do local',
  end: 'Cheguei ao destino final',
};

export const NEXT_ACTION_TEXTS = {
  title: 'Próxima ação',
  addAgent: 'Registrar início (agente e odômetro)',
  occurrence: 'Registrar ocorrência',
  askFinish: 'Solicitar finalização',
  finishAsked: 'Finalização solicitada: aguardando a gerenciadora.',
} as const;
