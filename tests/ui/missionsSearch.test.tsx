/**
 * Finding missions on the missions screen over the real server: 'Buscar' sent as `q` on Pesquisar
 * (page 1, with the other filters and the sort), the headers sorting the paged list on the
 * server, and the proposals dialog's headers sorting its few rows in the browser.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_LABEL } from '../../src/custom/missions/MissionsFilters';
import { dismiss } from '../../src/layout/notify';
import { monitoringCalls, renderMissions, rowOf, seedMission, serveMissions } from './missionsHarness';

const server = serveMissions();
/** A page rendered several times takes long in jsdom on a busy 2-core machine. */
const SLOW_MS = 120_000;
afterEach(() => dismiss());

/** The process numbers of the missions table, top to bottom (the column found by its header). */
const shownProcesses = async () => {
  const table = await screen.findByRole('table', { name: 'Missões' });
  const [header, ...rows] = within(table).getAllByRole('row');
  const column = within(header as HTMLElement)
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent === 'Nº do processo');
  return rows.map((r) => within(r).queryAllByRole('cell')[column]?.textContent).filter((text) => text !== undefined);
};
/** The first answer may be slow on a busy machine. */
const FIRST_PAGE = { timeout: 30_000 };

describe('finding missions', () => {
  it("'Buscar' searches on Pesquisar from page 1, folded, with the status filter; Limpar empties it", async () => {
    await seedMission(server, { processNumber: 'SÃO-001' });
    await seedMission(server, { processNumber: 'RIO-002' });
    await seedMission(server, { processNumber: 'SAO-003', status: 'canceled' });
    const { user } = await renderMissions(server, 'gestor');
    expect(await screen.findByText('RIO-002', {}, FIRST_PAGE)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: SEARCH_LABEL }), 'sao');
    // Nothing is asked before Pesquisar.
    expect(monitoringCalls(server).some((q) => q.has('q'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(screen.queryByText('RIO-002')).not.toBeInTheDocument());
    expect(await shownProcesses()).toEqual(['SÃO-001', 'SAO-003']);
    expect(screen.getByText('2 registros')).toBeInTheDocument();
    const searched = monitoringCalls(server).at(-1);
    expect([searched?.get('page'), searched?.get('q')]).toEqual(['1', 'sao']);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelado' }));
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(async () => expect(await shownProcesses()).toEqual(['SAO-003']));
    expect(monitoringCalls(server).at(-1)?.get('status')).toBe('canceled');

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(await screen.findByText('RIO-002')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: SEARCH_LABEL })).toHaveValue('');
    expect(monitoringCalls(server).at(-1)?.has('q')).toBe(false);
  }, SLOW_MS);

  it('a header sorts the list on the server, from page 1; a second click flips the order; the search keeps it', async () => {
    for (const processNumber of ['PR-B', 'PR-C', 'PR-A']) await seedMission(server, { processNumber });
    const { user } = await renderMissions(server, 'gestor');
    await waitFor(async () => expect(await shownProcesses()).toEqual(['PR-B', 'PR-C', 'PR-A']), FIRST_PAGE);

    await user.click(screen.getByRole('button', { name: 'Nº do processo' }));
    await waitFor(async () => expect(await shownProcesses()).toEqual(['PR-A', 'PR-B', 'PR-C']));
    expect(screen.getByRole('columnheader', { name: 'Nº do processo' })).toHaveAttribute('aria-sort', 'ascending');
    const ascending = monitoringCalls(server).at(-1);
    expect([ascending?.get('page'), ascending?.get('sort'), ascending?.get('order')]).toEqual(['1', 'processNumber', 'ASC']);

    await user.click(screen.getByRole('button', { name: 'Nº do processo' }));
    await waitFor(async () => expect(await shownProcesses()).toEqual(['PR-C', 'PR-B', 'PR-A']));
    expect(screen.getByRole('columnheader', { name: 'Nº do processo' })).toHaveAttribute('aria-sort', 'descending');

    await user.type(screen.getByRole('searchbox', { name: SEARCH_LABEL }), 'pr-');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(monitoringCalls(server).at(-1)?.get('q')).toBe('pr-'));
    const both = monitoringCalls(server).at(-1);
    expect([both?.get('sort'), both?.get('order')]).toEqual(['processNumber', 'DESC']);
    expect(await shownProcesses()).toEqual(['PR-C', 'PR-B', 'PR-A']);
  }, SLOW_MS);

  it('the proposals dialog sorts its rows by a header, in the browser', async () => {
    const id = await seedMission(server, { processNumber: 'OPEN' });
    const proposal = (distanceInKm: number, time: string) => ({
      missionRequest: id,
      status: 'completed',
      eta: { time, distanceInKm },
      location: { zipcode: '01310100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.565, longitude: -46.652 },
    });
    await server.call('sul', 'POST', '/api/missions/proposals', proposal(30, '00:50'));
    server.t.clock.advance(1000);
    await server.call('prestador', 'POST', '/api/missions/proposals', proposal(4.5, '00:10'));
    const { user } = await renderMissions(server, 'gestor');
    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Propostas da missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propostas — Missão OPEN' });
    const table = await within(dialog).findByRole('table', { name: 'Propostas' });
    const providers = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    expect(providers()).toEqual(['Escolta Sul', 'Pronta Resposta Demo']);
    const before = server.requests.length;

    await user.click(within(table).getByRole('button', { name: 'Distância (km)' }));
    expect(providers()).toEqual(['Pronta Resposta Demo', 'Escolta Sul']);
    expect(within(table).getByRole('columnheader', { name: 'Distância (km)' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: 'Distância (km)' }));
    expect(providers()).toEqual(['Escolta Sul', 'Pronta Resposta Demo']);
    await user.click(within(table).getByRole('button', { name: 'Prestador' }));
    expect(providers()).toEqual(['Escolta Sul', 'Pronta Resposta Demo']);
    await user.click(within(table).getByRole('button', { name: 'Prestador' }));
    expect(providers()).toEqual(['Pronta Resposta Demo', 'Escolta Sul']);
    // Sorted here: no request asks for an order.
    expect(server.requests.slice(before).filter((r) => r.query.has('sort'))).toEqual([]);
  }, SLOW_MS);
});
