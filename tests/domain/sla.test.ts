/** The SLA phase rule (src/domain/missions/sla.ts): which phase runs, its target, amber, breach. */
import { describe, expect, it } from 'vitest';
import {
  NO_SLA_TARGETS,
  slaClock,
  slaPhases,
  slaClockText,
  slaRemainingText,
  slaSeenByHolder,
  slaVerdicts,
  type MissionSla,
  type SlaMission,
  type SlaTargets,
  type StoredMissionStatus,
} from '../../src/domain/missions';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const iso = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const MIN = 60_000;
const TARGETS: SlaTargets = { proposal: 10, accept: 20, arrival: 5, execution: 60, billing: 120 };

function mission(status: StoredMissionStatus | null, sla: Partial<MissionSla> = {}, targets = TARGETS): SlaMission {
  return {
    status,
    createdAt: iso(0),
    sla: { firstProposalAt: null, acceptedAt: null, etaMinutes: null, arrivedAt: null, finishedAt: null, billedAt: null, ...sla, targets },
  };
}

const states = (m: SlaMission, now: number) => Object.fromEntries(slaPhases(m, T0 + now * MIN).map((p) => [p.phase, p.state]));

describe('the running phase and its clock', () => {
  it('an open mission without proposals: green, amber from 80% of the target, red after it', () => {
    const open = mission('open');
    expect(slaClock(open, T0 + 7 * MIN)).toEqual({ phase: 'proposal', color: 'green', remainingMs: 3 * MIN });
    expect(slaClock(open, T0 + 8 * MIN)).toEqual({ phase: 'proposal', color: 'amber', remainingMs: 2 * MIN });
    expect(slaClock(open, T0 + 10 * MIN)).toEqual({ phase: 'proposal', color: 'amber', remainingMs: 0 });
    expect(slaClock(open, T0 + 10 * MIN + 1)).toEqual({ phase: 'proposal', color: 'red', remainingMs: -1 });
    expect(states(open, 11)).toEqual({ proposal: 'breached', accept: 'pending', arrival: 'pending', execution: 'pending', billing: 'pending' });
  });

  it('phases follow each other: accept runs from the first proposal', () => {
    const m = mission('open', { firstProposalAt: iso(4) });
    expect(states(m, 10)).toMatchObject({ proposal: 'met', accept: 'running' });
    expect(slaClock(m, T0 + 20 * MIN)).toEqual({ phase: 'accept', color: 'amber', remainingMs: 4 * MIN });
  });

  it('arrival is due at the ETA the holder promised plus the tolerance; none without an ETA', () => {
    const m = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30 });
    expect(slaClock(m, T0 + 40 * MIN)).toEqual({ phase: 'arrival', color: 'amber', remainingMs: 0 });
    expect(slaClock(m, T0 + 41 * MIN)?.color).toBe('red');
    expect(slaClock({ ...m, sla: { ...m.sla, etaMinutes: null } }, T0 + 41 * MIN)).toBeNull();
    expect(states({ ...m, sla: { ...m.sla, etaMinutes: null } }, 41).arrival).toBe('untimed');
  });

  it('execution runs from the arrival, billing from the finish until both sides are billed', () => {
    const started = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30, arrivedAt: iso(20) });
    expect(slaClock(started, T0 + 30 * MIN)).toEqual({ phase: 'execution', color: 'green', remainingMs: 50 * MIN });
    const halfBilled = mission('billed_shipper', { ...started.sla, finishedAt: iso(100) });
    expect(states(halfBilled, 300)).toEqual({ proposal: 'met', accept: 'met', arrival: 'met', execution: 'breached', billing: 'breached' });
    expect(slaClock(halfBilled, T0 + 300 * MIN)).toEqual({ phase: 'billing', color: 'red', remainingMs: -80 * MIN });
    const billed = mission('billed', { ...halfBilled.sla, billedAt: iso(200) });
    expect(states(billed, 300).billing).toBe('met');
    expect(slaClock(billed, T0 + 300 * MIN)).toBeNull();
  });

  it('a phase left without its end is skipped; no target means no clock', () => {
    expect(states(mission('canceled'), 60).proposal).toBe('skipped');
    expect(states(mission('finished', { firstProposalAt: iso(1), acceptedAt: iso(2), etaMinutes: 10, finishedAt: iso(50) }), 60)).toMatchObject({
      arrival: 'skipped',
      execution: 'pending',
      billing: 'running',
    });
    expect(slaClock(mission('open', {}, NO_SLA_TARGETS), T0 + 999 * MIN)).toBeNull();
    expect(slaClock(mission(null), T0 + 999 * MIN)).toBeNull();
  });
});

describe('what the holder sees and how compliance is judged', () => {
  it('the holder keeps its own phases only', () => {
    const sla = mission('started', { firstProposalAt: iso(1), billedAt: iso(9) }).sla;
    expect(slaSeenByHolder(sla)).toEqual({ ...sla, firstProposalAt: null, billedAt: null, targets: { ...NO_SLA_TARGETS, arrival: 5, execution: 60 } });
  });

  it('verdicts: met, breached (by the rule or already recorded), nothing while on time', () => {
    const m = mission('open', { firstProposalAt: iso(4) });
    expect(slaVerdicts(m, [], T0 + 5 * MIN)).toEqual({ proposal: 'met' });
    expect(slaVerdicts(m, ['proposal'], T0 + 5 * MIN)).toEqual({ proposal: 'breached' });
    expect(slaVerdicts(m, [], T0 + 30 * MIN)).toEqual({ proposal: 'met', accept: 'breached' });
  });

  it('remaining time reads mm:ss, h:mm:ss from an hour, unsigned', () => {
    expect(slaRemainingText(65_000)).toBe('01:05');
    expect(slaRemainingText(3_725_000)).toBe('1:02:05');
    expect(slaRemainingText(-61_000)).toBe('01:01');
  });

  it('the clock says a phase past its target is late, in words, with no minus sign', () => {
    expect(slaClockText({ phase: 'execution', remainingMs: 65_000 })).toBe('Execução 01:05');
    expect(slaClockText({ phase: 'execution', remainingMs: -767_000 })).toBe('Execução atrasada 12:47');
    expect(slaClockText({ phase: 'accept', remainingMs: -3_725_000 })).toBe('Aceite atrasado 1:02:05');
    expect(slaClockText({ phase: 'billing', remainingMs: -1_000 })).toBe('Faturamento atrasado 00:01');
  });
});
