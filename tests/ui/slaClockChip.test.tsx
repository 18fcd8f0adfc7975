/**
 * The monitoring table's SLA clock on a mission whose team is on its way (docs/rules/sla.md): it says
 * 'chega em N min' from the live estimate kept on the row, turns amber as soon as the estimate lands
 * past the due moment, and says why in words; without an estimate it is the plain clock.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlaClockChip } from '../../src/custom/missions/SlaClockChip';
import { NO_SLA_TARGETS, type MissionRow, type MissionSla } from '../../src/domain/missions';

const T0 = Date.parse('2026-11-20T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** A started mission accepted at T0 with a 30 min ETA and 5 min of tolerance: due at 35, amber from 28. */
function started(liveArrivalAt: string | null): MissionRow {
  const sla: MissionSla = {
    firstProposalAt: null,
    acceptedAt: at(0),
    etaMinutes: 30,
    liveArrivalAt,
    arrivedAt: null,
    finishedAt: null,
    billedAt: null,
    targets: { ...NO_SLA_TARGETS, arrival: 5, execution: 60 },
  };
  // The clock reads the row's stored status, creation and SLA inputs; the rest of the row is the table's.
  return { _id: 'm1', status: 'started', storedStatus: 'started', createdAt: at(-10), sla } as MissionRow;
}

const clock = () => screen.getByLabelText(/^Prazo \(Chegada no local\)/);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(T0 + 10 * 60_000);
});
afterEach(() => vi.useRealTimers());

describe('the arrival clock with the live estimate', () => {
  it("on time: green, with 'chega em N min' counting down", () => {
    render(<SlaClockChip row={started(at(22))} />);
    expect(clock().textContent).toBe('Chegada no local 25:00 · chega em 12 min');
    expect(clock().getAttribute('data-sla-color')).toBe('green');
    expect(clock().getAttribute('aria-label')).toBe('Prazo (Chegada no local): no prazo, restam 25:00, chega em 12 min');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(clock().textContent).toBe('Chegada no local 24:00 · chega em 11 min');
  });

  it('projected past the due moment: amber with most of the time left, and the words say why', () => {
    render(<SlaClockChip row={started(at(50))} />);
    expect(clock().textContent).toBe('Chegada no local 25:00 · chega em 40 min');
    expect(clock().getAttribute('data-sla-color')).toBe('amber');
    expect(clock().getAttribute('title')).toBe('Prazo da fase Chegada no local: previsão de chegada depois do prazo');
  });

  it('without an estimate: the plain clock, green until 80% of the target', () => {
    render(<SlaClockChip row={started(null)} />);
    expect(clock().textContent).toBe('Chegada no local 25:00');
    expect(clock().getAttribute('data-sla-color')).toBe('green');
  });
});
