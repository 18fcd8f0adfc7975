/**
 * Polling of the missions table (docs/rules/missions.md) over the real server: every MISSIONS_POLL_MS, paused
 * while a modal is open and after a failed poll (until 'Tentar novamente'); rows new since the
 * previous poll flash, and a provider is told about new open missions (one is selected, several
 * clear the selection).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { MISSIONS_POLL_MS } from '../../src/domain/missions';
import { dismiss } from '../../src/layout/notify';
import { CREATED_AT, monitoringCalls, renderMissions, rowOf, seedMission, serveMissions } from './missionsHarness';

const server = serveMissions();
beforeEach(() => {
  // Real time still flows (findBy, user events and the server work); the poll interval is moved by hand.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  dismiss();
  vi.useRealTimers();
});

const poll = (times = 1) => act(() => vi.advanceTimersByTimeAsync(MISSIONS_POLL_MS * times));
/** A mission created `minutes` after the first: new ones list on top, as the server orders them. */
const later = (minutes: number) => new Date(CREATED_AT.getTime() + minutes * 60_000);

describe('missions polling', () => {
  // The first test of the file also loads the screen: long on a busy 2-core machine.
  it('polls, stops while a modal is open, and resumes when it closes', { timeout: 45_000 }, async () => {
    await seedMission(server, { processNumber: 'OPEN' });
    const { user } = await renderMissions(server, 'gestor');
    await rowOf('OPEN');
    expect(monitoringCalls(server)).toHaveLength(1);
    await poll();
    await waitFor(() => expect(monitoringCalls(server)).toHaveLength(2));

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Cancelar missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a missão?' });
    await poll(3);
    expect(monitoringCalls(server)).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await poll();
    await waitFor(() => expect(monitoringCalls(server)).toHaveLength(3));
  });

  it("stops after a failed poll, shows the error with 'Tentar novamente', and resumes after a good retry", async () => {
    await seedMission(server, { processNumber: 'OPEN' });
    // A failing server (500) cannot be brought about from outside: the failed poll is simulated.
    let failing = false;
    let failed = 0;
    const wrap = (real: HttpClient): HttpClient =>
      (async (base, path, options) => {
        if (failing && path.replace(/^\//, '') === 'request/monitoring') {
          failed += 1;
          throw new HttpError(500, { error: 'Unknown error' });
        }
        return real(base, path, options);
      });
    const { user } = await renderMissions(server, 'gestor', { wrap });
    await rowOf('OPEN');
    failing = true;
    await poll();
    expect(await screen.findByText('Não foi possível carregar as missões')).toBeInTheDocument();
    expect([monitoringCalls(server).length, failed]).toEqual([1, 1]);
    await poll(3);
    expect([monitoringCalls(server).length, failed]).toEqual([1, 1]);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.queryByText('Não foi possível carregar as missões')).not.toBeInTheDocument());
    expect(monitoringCalls(server)).toHaveLength(2);
    await poll();
    await waitFor(() => expect(monitoringCalls(server)).toHaveLength(3));
  });

  it("provider: a new open mission flashes as 'Novo', is announced and selected; several clear the selection", async () => {
    await seedMission(server, { processNumber: 'A', createdAt: later(0) });
    await renderMissions(server, 'prestador');
    const first = await rowOf('A');
    // The first answer is no news.
    expect(first).not.toHaveAttribute('data-flash');
    expect(within(first).getByText('Solicitado')).toBeInTheDocument();

    await seedMission(server, { processNumber: 'B', createdAt: later(1) });
    await poll();
    expect(await screen.findByText('Missão recebida: Missão #B')).toBeInTheDocument();
    const rowB = await rowOf('B');
    expect(rowB).toHaveAttribute('data-flash', 'true');
    expect(rowB).toHaveAttribute('aria-selected', 'true');
    expect(within(rowB).getByText('Novo')).toBeInTheDocument();
    expect(await rowOf('A')).not.toHaveAttribute('data-flash');

    await seedMission(server, { processNumber: 'C', createdAt: later(2) });
    await seedMission(server, { processNumber: 'D', createdAt: later(3) });
    await poll();
    expect(await screen.findByText('Missão recebida: Novas missões disponíveis...')).toBeInTheDocument();
    for (const p of ['C', 'D']) expect(await rowOf(p)).toHaveAttribute('data-flash', 'true');
    expect(document.querySelector('tr[aria-selected="true"]')).toBeNull();
  });

  it('risk manager: new rows flash without a notice', async () => {
    await seedMission(server, { processNumber: 'A', createdAt: later(0) });
    await renderMissions(server, 'gestor');
    await rowOf('A');
    await seedMission(server, { processNumber: 'B', createdAt: later(1) });
    await poll();
    await waitFor(async () => expect(await rowOf('B')).toHaveAttribute('data-flash', 'true'));
    expect(within(await rowOf('B')).getByText('Solicitado')).toBeInTheDocument();
    expect(screen.queryByText(/Missão recebida/)).not.toBeInTheDocument();
  });
});
