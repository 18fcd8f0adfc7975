import { describe, expect, it } from 'vitest';
import {
  decideTransition,
  legendStatuses,
  missionActor,
  MISSION_ACTIONS,
  BILLED_STATUSES,
  rowActionRefusal,
  rowActions,
  STORED_MISSION_STATUSES,
  type MissionAction,
  type MissionActor,
  type MissionRow,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import { monitoringQuerySchema, newMissionSchema, proposalCreateSchema } from '../../src/domain/schemas';
import { validateSync } from '../../src/domain/validate';

const RM = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const P1 = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const P2 = 'cccccccccccccccccccccccc';

/** The legal moves: (action, actor, from, finishingAsked) → status after. Everything else is refused. */
const LEGAL: [MissionAction, MissionActor, StoredMissionStatus, boolean, StoredMissionStatus, boolean][] = [
  // The finish-request flag only matters to the finish-request actions (it is false outside 'started').
  ['accept', 'riskManager', 'open', false, 'started', false],
  ['accept', 'riskManager', 'open', true, 'started', false],
  ['cancel', 'riskManager', 'open', true, 'canceled', false],
  ['reopen', 'riskManager', 'finished', true, 'started', false],
  ['finish', 'holder', 'started', false, 'finished', false],
  ['finish', 'holder', 'started', true, 'finished', false],
  ['cancel', 'riskManager', 'open', false, 'canceled', false],
  ['cancel', 'riskManager', 'started', false, 'canceled', false],
  ['cancel', 'riskManager', 'started', true, 'canceled', false],
  ['reopen', 'riskManager', 'finished', false, 'started', false],
  ['askFinish', 'holder', 'started', false, 'started', true],
  ['cancelFinish', 'riskManager', 'started', true, 'started', false],
  ['cancelFinish', 'holder', 'started', true, 'started', false],
];
const ACTORS: MissionActor[] = ['riskManager', 'holder', 'provider', 'admin', 'none'];

describe('mission workflow (decideTransition)', () => {
  it('allows exactly the legal moves and refuses every other (action, actor, status, flag)', () => {
    let refused = 0;
    for (const action of MISSION_ACTIONS)
      for (const actor of ACTORS)
        for (const status of STORED_MISSION_STATUSES)
          for (const finishingAsked of [false, true]) {
            const decision = decideTransition({ riskManager: RM, serviceProvider: P1, status, finishingAsked }, action, actor);
            const legal = LEGAL.find(([a, who, from, flag]) => a === action && who === actor && from === status && flag === finishingAsked);
            if (legal) expect(decision).toEqual({ ok: true, status: legal[4], finishingAsked: legal[5] });
            else {
              expect(decision.ok, `${action} ${actor} ${status} ${finishingAsked}`).toBe(false);
              refused += 1;
            }
          }
    expect(refused).toBe(MISSION_ACTIONS.length * ACTORS.length * STORED_MISSION_STATUSES.length * 2 - LEGAL.length);
  });

  it('answers forbidden for the wrong actor and conflict for the wrong state', () => {
    const started = { riskManager: RM, serviceProvider: P1, status: 'started' as const, finishingAsked: false };
    expect(decideTransition(started, 'finish', 'riskManager')).toEqual({ ok: false, reason: 'forbidden' });
    expect(decideTransition({ ...started, status: 'billed' }, 'finish', 'holder')).toEqual({ ok: false, reason: 'conflict' });
  });

  it('places the caller relative to the mission', () => {
    const mission = { riskManager: RM, serviceProvider: P1 };
    const role = (type: 'admin' | 'risk_manager' | 'service_provider') => ({ type, perfil: 'operational' as const });
    expect(missionActor({ role: role('risk_manager'), riskManager: RM, serviceProvider: null }, mission)).toBe('riskManager');
    expect(missionActor({ role: role('risk_manager'), riskManager: P2, serviceProvider: null }, mission)).toBe('none');
    expect(missionActor({ role: role('service_provider'), riskManager: RM, serviceProvider: P1 }, mission)).toBe('holder');
    expect(missionActor({ role: role('service_provider'), riskManager: RM, serviceProvider: P2 }, mission)).toBe('provider');
    expect(missionActor({ role: role('service_provider'), riskManager: P2, serviceProvider: P2 }, mission)).toBe('none');
    expect(missionActor({ role: role('admin'), riskManager: null, serviceProvider: null }, mission)).toBe('admin');
  });
});

function row(patch: Partial<MissionRow>): MissionRow {
  return {
    _id: '5f0000000000000000000001',
    processNumber: null,
    status: 'open',
    storedStatus: 'open',
    finishingAsked: false,
    createdAt: '2026-11-01T12:00:00.000Z',
    createdAtDisplay: '01/11/2026 09:00',
    riskManager: RM,
    riskManagerName: 'GR',
    shipper: P2,
    shipperName: 'S',
    franchise_plan: P2,
    franchisePlanName: 'F',
    requester: P2,
    requesterNameDisplay: 'R',
    serviceProvider: null,
    serviceProviderName: 'Em leilão',
    location: { zipcode: '01310100', address: 'A', number: '1', neighborhood: 'B', city: 'C', state: 'SP', latitude: 0, longitude: 0 },
    place: null,
    unreadMessages: 0,
    ownProposal: null,
    sla: null,
    ...patch,
  };
}
const riskManager = { role: { type: 'risk_manager' as const, perfil: 'operational' as const }, riskManager: RM, serviceProvider: null };
const provider = (id: string) => ({ role: { type: 'service_provider' as const, perfil: 'operational' as const }, riskManager: RM, serviceProvider: id });

describe('row actions', () => {
  it('offers an open mission to the risk manager and to providers as docs/rules/missions.md says', () => {
    expect(rowActions(row({}), riskManager)).toEqual(['map', 'proposals', 'cancel', 'share', 'timeline']);
    expect(rowActions(row({}), provider(P1))).toEqual(['map', 'searchProvider', 'sendProposal', 'timeline']);
    expect(rowActions(row({ ownProposal: { _id: P2, status: 'pending' } }), provider(P1))).toEqual([
      'map',
      'cancelSearch',
      'sendProposal',
      'proposals',
      'timeline',
    ]);
  });

  it('gives the holder the finish actions of a started mission, and the risk manager the cancel ones', () => {
    const started = row({ status: 'started', storedStatus: 'started', serviceProvider: P1 });
    expect(rowActions(started, provider(P1))).toEqual(['map', 'chat', 'details', 'finish', 'askFinish', 'timeline']);
    expect(rowActions({ ...started, finishingAsked: true }, provider(P1))).toEqual(['map', 'chat', 'details', 'finish', 'cancelFinish', 'timeline']);
    expect(rowActions({ ...started, finishingAsked: true }, riskManager)).toEqual(['map', 'chat', 'details', 'cancelFinish', 'cancel', 'share', 'timeline']);
    expect(rowActions(started, provider(P2))).toEqual(['map', 'chat', 'details', 'timeline']);
  });

  it('shows Reabrir on every billed mission to the risk manager only, refused with the reason; usable on finished ones', () => {
    const finished = row({ status: 'finished', storedStatus: 'finished', serviceProvider: P1 });
    expect(rowActionRefusal(finished, riskManager, 'reopen')).toBeNull();
    for (const status of BILLED_STATUSES) {
      const billed = { ...finished, status, storedStatus: status };
      expect(rowActions(billed, riskManager), status).toEqual(['chat', 'details', 'billingShipper', 'billingProvider', 'report', 'reopen', 'timeline']);
      expect(rowActionRefusal(billed, riskManager, 'reopen'), status).toBe('Missão já faturada: reabrir alteraria um faturamento concluído');
      expect(rowActionRefusal(billed, riskManager, 'chat'), status).toBeNull();
      // The workflow itself still refuses it: the button is shown, never usable.
      expect(decideTransition(billed, 'reopen', 'riskManager'), status).toEqual({ ok: false, reason: 'conflict' });
      expect(rowActions(billed, provider(P1)), status).not.toContain('reopen');
      expect(rowActionRefusal(billed, provider(P1), 'reopen'), status).toBeNull();
    }
  });

  it('offers reopen on finished only, billing by party, and nothing but history on a lost mission', () => {
    const finished = row({ status: 'finished', storedStatus: 'finished', serviceProvider: P1 });
    expect(rowActions(finished, riskManager)).toEqual(['chat', 'details', 'billingShipper', 'billingProvider', 'report', 'reopen', 'timeline']);
    expect(rowActions(finished, provider(P1))).toEqual(['chat', 'details', 'billingProvider', 'report', 'timeline']);
    expect(rowActions({ ...finished, status: 'rejected' }, provider(P2))).toEqual(['timeline']);
  });

  it('hides the role-specific statuses from the legend', () => {
    expect(legendStatuses('risk_manager')).not.toContain('rejected');
    expect(legendStatuses('risk_manager')).toContain('billed_shipper');
    expect(legendStatuses('service_provider')).toContain('rejected');
    expect(legendStatuses('service_provider')).not.toContain('billed_provider');
  });
});

describe('mission schemas', () => {
  const valid = {
    shipper: P1,
    franchise_plan: P2,
    requester: RM,
    location: { zipcode: '01310-100', address: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: '-23,5613', longitude: -46.6565 },
  };
  it('takes the required references from the mission parameters', () => {
    const loose = validateSync(newMissionSchema({ cause: false, carrier: false, place: false, leadership: false }), valid);
    expect(loose.ok && loose.value.location).toMatchObject({ zipcode: '01310100', latitude: -23.5613 });
    const strict = validateSync(newMissionSchema({ cause: true, carrier: false, place: false, leadership: true }), valid);
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.issues.map((i) => i.message).sort()).toEqual(['Selecione a liderança', 'Selecione o motivo do acionamento']);
  });
  it('refuses bad coordinates, a wrong type and control characters in Portuguese', () => {
    const schema = newMissionSchema({ cause: false, carrier: false, place: false, leadership: false });
    const bad = validateSync(schema, { ...valid, processNumber: 'a\u0000b', location: { ...valid.location, latitude: 91, longitude: [1] } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.message).sort()).toEqual(['Caracteres de controle não são permitidos', 'Tipo de valor inválido', 'Valor máximo: 90']);
  });
  it('checks a complete proposal and drops eta/location from a search notice', () => {
    const notice = validateSync(proposalCreateSchema, { missionRequest: P1, status: 'pending', eta: { time: 'x' } });
    expect(notice.ok && notice.value).toEqual({ missionRequest: P1, status: 'pending' });
    const complete = validateSync(proposalCreateSchema, { missionRequest: P1, status: 'completed' });
    expect(complete.ok).toBe(false);
  });
  it('checks the monitoring query', () => {
    expect(validateSync(monitoringQuerySchema, { page: 0 }).ok).toBe(false);
    expect(validateSync(monitoringQuerySchema, { start: '2026-11-02T00:00:00Z', end: '2026-11-01T00:00:00Z' }).ok).toBe(false);
    expect(validateSync(monitoringQuerySchema, { status: 'rejected', page: 2 }).ok).toBe(true);
  });
});
