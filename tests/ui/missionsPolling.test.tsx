/**
 * Polling of the missions table (spec 2): every MISSIONS_POLL_MS, paused while a modal is open
 * and after a failed poll (until 'Tentar novamente'); rows new since the previous poll flash, and
 * a provider is told about new open missions (one is selected, several clear the selection).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/dataProvider/HttpError';
import { MISSIONS_POLL_MS, type MissionRow } from '../../src/domain/missions';
import { dismiss } from '../../src/layout/notify';
import { GESTOR_ADMIN, PRESTADOR_ADMIN } from './frameworkHarness';
import { missionRow, monitoringCalls, renderMissions, rowOf } from './missionsHarness';

beforeEach(() => {
  // Real time still flows (findBy and user events work); the poll interval is moved by hand.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => dismiss());

const poll = (times = 1) => act(() => vi.advanceTimersByTimeAsync(MISSIONS_POLL_MS * times));

describe('missions polling', () => {
  it('polls, stops while a modal is open, and resumes when it closes', async () => {
    const { api, user } = renderMissions(GESTOR_ADMIN, () => [missionRow({ processNumber: 'OPEN' })]);
    await rowOf('OPEN');
    expect(monitoringCalls(api.calls)).toHaveLength(1);
    await poll();
    await waitFor(() => expect(monitoringCalls(api.calls)).toHaveLength(2));

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Cancelar missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a missão?' });
    await poll(3);
    expect(monitoringCalls(api.calls)).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await poll();
    await waitFor(() => expect(monitoringCalls(api.calls)).toHaveLength(3));
  });

  it("stops after a failed poll, shows the error with 'Tentar novamente', and resumes after a good retry", async () => {
    let failing = false;
    const { api, user } = renderMissions(GESTOR_ADMIN, () => {
      if (failing) throw new HttpError(500, { error: 'Unknown error' });
      return [missionRow({ processNumber: 'OPEN' })];
    });
    await rowOf('OPEN');
    failing = true;
    await poll();
    expect(await screen.findByText('Não foi possível carregar as missões')).toBeInTheDocument();
    expect(monitoringCalls(api.calls)).toHaveLength(2);
    await poll(3);
    expect(monitoringCalls(api.calls)).toHaveLength(2);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.queryByText('Não foi possível carregar as missões')).not.toBeInTheDocument());
    expect(monitoringCalls(api.calls)).toHaveLength(3);
    await poll();
    await waitFor(() => expect(monitoringCalls(api.calls)).toHaveLength(4));
  });

  it("provider: a new open mission flashes as 'Novo', is announced and selected; several clear the selection", async () => {
    const a = missionRow({ processNumber: 'A' });
    const b = missionRow({ processNumber: 'B' });
    const c = missionRow({ processNumber: 'C' });
    const d = missionRow({ processNumber: 'D' });
    let rows: MissionRow[] = [a];
    renderMissions(PRESTADOR_ADMIN, () => rows);
    const first = await rowOf('A');
    // The first answer is no news.
    expect(first).not.toHaveAttribute('data-flash');
    expect(within(first).getByText('Solicitado')).toBeInTheDocument();

    rows = [b, a];
    await poll();
    expect(await screen.findByText('Missão recebida: Missão #B')).toBeInTheDocument();
    const rowB = await rowOf('B');
    expect(rowB).toHaveAttribute('data-flash', 'true');
    expect(rowB).toHaveAttribute('aria-selected', 'true');
    expect(within(rowB).getByText('Novo')).toBeInTheDocument();
    expect(await rowOf('A')).not.toHaveAttribute('data-flash');

    rows = [d, c, b, a];
    await poll();
    expect(await screen.findByText('Missão recebida: Novas missões disponíveis...')).toBeInTheDocument();
    for (const p of ['C', 'D']) expect(await rowOf(p)).toHaveAttribute('data-flash', 'true');
    expect(document.querySelector('tr[aria-selected="true"]')).toBeNull();
  });

  it('risk manager: new rows flash without a notice', async () => {
    const a = missionRow({ processNumber: 'A' });
    const b = missionRow({ processNumber: 'B' });
    let rows: MissionRow[] = [a];
    renderMissions(GESTOR_ADMIN, () => rows);
    await rowOf('A');
    rows = [b, a];
    await poll();
    await waitFor(async () => expect(await rowOf('B')).toHaveAttribute('data-flash', 'true'));
    expect(within(await rowOf('B')).getByText('Solicitado')).toBeInTheDocument();
    expect(screen.queryByText(/Missão recebida/)).not.toBeInTheDocument();
  });
});
