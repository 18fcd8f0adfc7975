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
    sla: { firstProposalAt: null, acceptedAt: null, etaMinutes: null, liveArrivalAt: null, arrivedAt: null, finishedAt: null, billedAt: null, ...sla, targets },
  };
}

const states = (m: SlaMission, now: number) => Object.fromEntries(slaPhases(m, T0 + now * MIN).map((p) => [p.phase, p.state]));

describe('the running phase and its clock', () => {
  it('an open mission without proposals: green, amber from 80% of the target, red after it', () => {
    const open = mission('open');
    expect(slaClock(open, T0 + 7 * MIN)).toEqual({ phase: 'proposal', color: 'green', remainingMs: 3 * MIN, arrivesInMinutes: null, forecastLate: false });
    expect(slaClock(open, T0 + 8 * MIN)).toEqual({ phase: 'proposal', color: 'amber', remainingMs: 2 * MIN, arrivesInMinutes: null, forecastLate: false });
    expect(slaClock(open, T0 + 10 * MIN)).toEqual({ phase: 'proposal', color: 'amber', remainingMs: 0, arrivesInMinutes: null, forecastLate: false });
    expect(slaClock(open, T0 + 10 * MIN + 1)).toEqual({ phase: 'proposal', color: 'red', remainingMs: -1, arrivesInMinutes: null, forecastLate: false });
    expect(states(open, 11)).toEqual({ proposal: 'breached', accept: 'pending', arrival: 'pending', execution: 'pending', billing: 'pending' });
  });

  it('phases follow each other: accept runs from the first proposal', () => {
    const m = mission('open', { firstProposalAt: iso(4) });
    expect(states(m, 10)).toMatchObject({ proposal: 'met', accept: 'running' });
    expect(slaClock(m, T0 + 20 * MIN)).toEqual({ phase: 'accept', color: 'amber', remainingMs: 4 * MIN, arrivesInMinutes: null, forecastLate: false });
  });

  it('arrival is due at the ETA the holder promised plus the tolerance; none without an ETA', () => {
    const m = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30 });
    expect(slaClock(m, T0 + 40 * MIN)).toEqual({ phase: 'arrival', color: 'amber', remainingMs: 0, arrivesInMinutes: null, forecastLate: false });
    expect(slaClock(m, T0 + 41 * MIN)?.color).toBe('red');
    expect(slaClock({ ...m, sla: { ...m.sla, etaMinutes: null } }, T0 + 41 * MIN)).toBeNull();
    expect(states({ ...m, sla: { ...m.sla, etaMinutes: null } }, 41).arrival).toBe('untimed');
  });

  it("the live estimate forecasts the arrival: 'chega em N min', amber as soon as it lands past the due moment", () => {
    // Accepted at 5 with a 30 min ETA and 5 min tolerance: due at 40, amber from 5 + 35 × 0.8 = 33.
    const onTime = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30, liveArrivalAt: iso(30) });
    expect(slaClock(onTime, T0 + 10 * MIN)).toEqual({ phase: 'arrival', color: 'green', remainingMs: 30 * MIN, arrivesInMinutes: 20, forecastLate: false });
    // Part of a minute left counts as a whole one, never 0.
    expect(slaClock(onTime, T0 + 29.5 * MIN)?.arrivesInMinutes).toBe(1);
    // The 80% mark still turns it amber when the forecast is on time.
    expect(slaClock(onTime, T0 + 34 * MIN)).toMatchObject({ color: 'amber', arrivesInMinutes: null });
    const late = { ...onTime, sla: { ...onTime.sla, liveArrivalAt: iso(42) } };
    const phase = slaPhases(late, T0 + 10 * MIN).find((p) => p.phase === 'arrival');
    expect(phase).toMatchObject({ state: 'running', dueAt: T0 + 40 * MIN, forecastAt: T0 + 42 * MIN, forecastLate: true });
    expect(slaClock(late, T0 + 10 * MIN)).toEqual({ phase: 'arrival', color: 'amber', remainingMs: 30 * MIN, arrivesInMinutes: 32, forecastLate: true });
    expect(slaClockText(slaClock(late, T0 + 10 * MIN)!)).toBe('Chegada no local 30:00 · chega em 32 min');
    // Only the due moment breaches: a late forecast is no breach, and a breach comes at 40 whatever it says.
    expect(slaVerdicts(late, [], T0 + 39 * MIN)).toEqual({ proposal: 'met', accept: 'met' });
    expect(states(late, 41).arrival).toBe('breached');
    expect(slaClock(late, T0 + 41 * MIN)).toMatchObject({ color: 'red', arrivesInMinutes: 1, forecastLate: true });
  });

  it('without an estimate the arrival clock is as before; once arrived, or once its moment passed, the estimate is ignored', () => {
    const none = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30 });
    expect(slaClock(none, T0 + 10 * MIN)).toEqual({ phase: 'arrival', color: 'green', remainingMs: 30 * MIN, arrivesInMinutes: null, forecastLate: false });
    expect(slaPhases(none, T0 + 10 * MIN).find((p) => p.phase === 'arrival')).toMatchObject({ forecastAt: null, forecastLate: false });
    const arrived = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30, liveArrivalAt: iso(90), arrivedAt: iso(20) });
    expect(slaClock(arrived, T0 + 30 * MIN)).toEqual({ phase: 'execution', color: 'green', remainingMs: 50 * MIN, arrivesInMinutes: null, forecastLate: false });
    expect(slaPhases(arrived, T0 + 30 * MIN).find((p) => p.phase === 'arrival')).toMatchObject({ state: 'met', forecastAt: null, forecastLate: false });
    // An estimate whose moment passed (no newer position) says nothing: green again, no minutes.
    const passed = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30, liveArrivalAt: iso(12) });
    expect(slaClock(passed, T0 + 15 * MIN)).toEqual({ phase: 'arrival', color: 'green', remainingMs: 25 * MIN, arrivesInMinutes: null, forecastLate: false });
  });

  it('execution runs from the arrival, billing from the finish until both sides are billed', () => {
    const started = mission('started', { firstProposalAt: iso(1), acceptedAt: iso(5), etaMinutes: 30, arrivedAt: iso(20) });
    expect(slaClock(started, T0 + 30 * MIN)).toEqual({ phase: 'execution', color: 'green', remainingMs: 50 * MIN, arrivesInMinutes: null, forecastLate: false });
    const halfBilled = mission('billed_shipper', { ...started.sla, finishedAt: iso(100) });
    expect(states(halfBilled, 300)).toEqual({ proposal: 'met', accept: 'met', arrival: 'met', execution: 'breached', billing: 'breached' });
    expect(slaClock(halfBilled, T0 + 300 * MIN)).toEqual({ phase: 'billing', color: 'red', remainingMs: -80 * MIN, arrivesInMinutes: null, forecastLate: false });
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
    // The live estimate is its own team's: the holder keeps it.
    const live = { ...sla, liveArrivalAt: iso(30) };
    expect(slaSeenByHolder(live).liveArrivalAt).toBe(iso(30));
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
    expect(slaClockText({ phase: 'execution', remainingMs: 65_000, arrivesInMinutes: null })).toBe('Execução 01:05');
    expect(slaClockText({ phase: 'execution', remainingMs: -767_000, arrivesInMinutes: null })).toBe('Execução atrasada 12:47');
    expect(slaClockText({ phase: 'accept', remainingMs: -3_725_000, arrivesInMinutes: null })).toBe('Aceite atrasado 1:02:05');
    expect(slaClockText({ phase: 'billing', remainingMs: -1_000, arrivesInMinutes: null })).toBe('Faturamento atrasado 00:01');
  });
});
