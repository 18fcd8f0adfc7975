/**
 * The missions row actions that write (docs/rules/missions.md, browser), over the real server: the confirmation
 * modal's texts, what the server stored, the product's success and failure toasts (a failure is the
 * server's own refusal: another user changed the mission behind the screen); the search notice;
 * accepting a proposal; and the timeline panel.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { missionAgents, proposals } from '../../server/db/schema';
import { HttpError, NETWORK_ERROR_MESSAGE } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { OUTBOX_KEPT } from '../../src/layout/OutboxNotice';
import { finishNeedsReadings, type MissionDetail, type Proposal } from '../../src/domain/missions';
import { dismiss } from '../../src/layout/notify';
import { missionBody } from '../server/missionsClient';
import { OTHER_PROVIDER_ID, PROVIDER_ID, renderMissions, rowOf, seedMission, setStored, storedMission, serveMissions, writes } from './missionsHarness';

const server = serveMissions();
afterEach(() => dismiss());

const statusPath = (id: string) => `PUT /api/missions/request/${id}/status`;

/** The proposals of `mission` as stored: provider and status. */
const storedProposals = (mission: string) =>
  server.t.database.db
    .select({ serviceProvider: proposals.serviceProvider, status: proposals.status })
    .from(proposals)
    .where(and(eq(proposals.mission, mission)));

/** A proposal of the form's values (Avenida Paulista, 00:45 away, 12,5 km). */
const completedProposal = (missionRequest: string) => ({
  missionRequest,
  status: 'completed',
  eta: { time: '00:45', distanceInKm: 12.5 },
  location: { zipcode: '01310100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.565, longitude: -46.652 },
});

describe('mission status changes', () => {
  it("cancel: 'Cancelar a missão?', 'Não, cancelar' sends nothing, 'Sim, tenho certeza' sends the status and toasts success", async () => {
    const id = await seedMission(server, { processNumber: 'OPEN' });
    const { user } = await renderMissions(server, 'gestor');

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Cancelar missão OPEN' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancelar a missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(server)).toEqual([]);
    expect((await storedMission(server, id))?.status).toBe('open');

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Cancelar missão OPEN' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar a missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Missão cancelada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(server)).toEqual([statusPath(id)]);
    expect((await storedMission(server, id))?.status).toBe('canceled');
  });

  it("reopen refused by the server: 'Ocorreu um erro ao tentar reabrir a missão'", async () => {
    const id = await seedMission(server, { processNumber: 'FIN', status: 'finished', serviceProvider: PROVIDER_ID });
    const { user } = await renderMissions(server, 'gestor');
    await user.click(within(await rowOf('FIN')).getByRole('button', { name: 'Reabrir missão FIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reabrir a missão?' });
    // Billed meanwhile: the server refuses to reopen it.
    await setStored(server, id, { status: 'billed' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Ocorreu um erro ao tentar reabrir a missão')).toBeInTheDocument();
    expect(writes(server)).toEqual([statusPath(id)]);
    expect((await storedMission(server, id))?.status).toBe('billed');
  });

  it('the holder asks to finish (POST askfinish) and ends the mission (status finished) with the finishing texts', async () => {
    const id = await seedMission(server, { processNumber: 'HELD', status: 'started', serviceProvider: PROVIDER_ID });
    const { user } = await renderMissions(server, 'prestador');

    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Solicitar finalização da missão HELD' }));
    let dialog = await screen.findByRole('dialog', { name: 'Solicitar Finalização da missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Finalização da missão solicitada com sucesso!')).toBeInTheDocument();
    expect(await storedMission(server, id)).toMatchObject({ status: 'started', finishingAsked: true });

    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Finalizar missão HELD' }));
    dialog = await screen.findByRole('dialog', { name: 'Finalizar a missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Missão finalizada com sucesso')).toBeInTheDocument();
    expect(writes(server)).toEqual([`POST /api/missions/${id}/askfinish`, statusPath(id)]);
    expect((await storedMission(server, id))?.status).toBe('finished');
  });

  it("asking to finish with an agent's readings incomplete: the failure text says whose readings are missing, nothing changes", async () => {
    const id = await seedMission(server, { processNumber: 'HELD', status: 'started', serviceProvider: PROVIDER_ID });
    await server.t.database.db.insert(missionAgents).values({
      mission: id,
      name: 'Rui',
      odometer: { start: { km: 10, time: '2026-11-20T08:00:00.000Z' }, arrivalOnPlace: null, endOnPlace: null, end: null },
      createdAt: new Date('2026-11-20T08:00:00.000Z'),
    });
    const { user } = await renderMissions(server, 'prestador');
    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Solicitar finalização da missão HELD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar Finalização da missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText(`Ocorreu um erro com a operação de finalização da missão: ${finishNeedsReadings('Rui')}`)).toBeInTheDocument();
    expect(await storedMission(server, id)).toMatchObject({ status: 'started', finishingAsked: false });
  });

  it("a failed finish-request cancellation: 'Ocorreu um erro com a operação de finalização da missão'", async () => {
    const id = await seedMission(server, { processNumber: 'ASKED', status: 'started', serviceProvider: PROVIDER_ID, finishingAsked: true });
    const { user } = await renderMissions(server, 'gestor');
    await user.click(within(await rowOf('ASKED')).getByRole('button', { name: 'Cancelar solicitação de finalização da missão ASKED' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar solicitação de finalização da missão?' });
    // Finished by its holder meanwhile: there is no request left to cancel.
    await setStored(server, id, { status: 'finished', finishingAsked: false });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Ocorreu um erro com a operação de finalização da missão')).toBeInTheDocument();
    expect(writes(server)).toEqual([`DELETE /api/missions/${id}/askfinish`]);
    expect(await storedMission(server, id)).toMatchObject({ status: 'finished', finishingAsked: false });
  });
});

describe('Reabrir on a billed mission', () => {
  it('the risk manager sees it disabled on every billed status, the reason as its tooltip, reachable by Tab; nothing is sent', async () => {
    const reason = 'Missão já faturada: reabrir alteraria um faturamento concluído';
    const statuses = ['billed_shipper', 'billed'] as const;
    for (const status of statuses) await seedMission(server, { processNumber: status.toUpperCase(), status, serviceProvider: PROVIDER_ID });
    const { user } = await renderMissions(server, 'gestor');
    for (const status of statuses) {
      const processNumber = status.toUpperCase();
      expect(within(await rowOf(processNumber)).getByRole('button', { name: `Reabrir missão ${processNumber}` })).toBeDisabled();
    }
    const reopen = within(await rowOf('BILLED')).getByRole('button', { name: 'Reabrir missão BILLED' });
    const wrapper = reopen.parentElement as HTMLElement;
    await user.hover(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    expect(wrapper).toHaveAccessibleDescription(reason);
    await user.unhover(wrapper);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    // Tab reaches it, though the disabled button itself takes no focus (jsdom has no :focus-visible,
    // which the tooltip opens on: the browser test shows the reason on keyboard focus, e2e/missionsLayout).
    for (let i = 0; i < 300 && document.activeElement !== wrapper; i++) await user.tab();
    expect(document.activeElement).toBe(wrapper);
    await user.click(wrapper);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(server)).toEqual([]);
  });

  it('a provider gets no Reabrir on its billed mission', async () => {
    await seedMission(server, { processNumber: 'BILLED', status: 'billed', serviceProvider: PROVIDER_ID });
    await renderMissions(server, 'prestador');
    expect(within(await rowOf('BILLED')).queryByRole('button', { name: 'Reabrir missão BILLED' })).not.toBeInTheDocument();
  });
});

describe('search notice', () => {
  it("launches a pending proposal: 'Lançando aviso de busca para proposta...' then 'Aviso de proposta enviado'", async () => {
    const id = await seedMission(server, { processNumber: 'OPEN' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds the notice before it reaches the real server, so the loading toast can be seen.
    const wrap = (real: HttpClient): HttpClient =>
      (async (base, path, options) => {
        if (options?.method === 'POST' && path.replace(/^\//, '') === 'proposals') await held;
        return real(base, path, options);
      });
    const { user } = await renderMissions(server, 'prestador', { wrap });
    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Lançar aviso de busca da missão OPEN' }));
    expect(await screen.findByText('Lançando aviso de busca para proposta...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Aviso de proposta enviado')).toBeInTheDocument();
    expect(screen.queryByText('Lançando aviso de busca para proposta...')).not.toBeInTheDocument();
    expect(writes(server)).toEqual(['POST /api/missions/proposals']);
    expect(await storedProposals(id)).toEqual([{ serviceProvider: PROVIDER_ID, status: 'pending' }]);
  });

  it('a failed notice and a failed removal show their failure texts', async () => {
    const open = await seedMission(server, { processNumber: 'OPEN' });
    const proposed = await seedMission(server, { processNumber: 'PROPOSED' });
    const notice = await server.call<Proposal>('prestador', 'POST', '/api/missions/proposals', { missionRequest: proposed, status: 'pending' });
    await renderMissions(server, 'prestador').then(async ({ user }) => {
      await rowOf('OPEN');
      // Meanwhile the first mission was canceled and the notice on the second removed (in another tab).
      await setStored(server, open, { status: 'canceled' });
      await server.call('prestador', 'DELETE', `/api/missions/proposals/${notice._id}`);
      await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Lançar aviso de busca da missão OPEN' }));
      expect(await screen.findByText('Ocorreu um erro ao tentar lançar o aviso para proposta à missão')).toBeInTheDocument();
      await user.click(within(await rowOf('PROPOSED')).getByRole('button', { name: 'Cancelar busca da missão PROPOSED' }));
      expect(await screen.findByText('Ocorreu um erro ao tentar remover a proposta à missão')).toBeInTheDocument();
    });
    expect(writes(server)).toEqual(['POST /api/missions/proposals', `DELETE /api/missions/proposals/${notice._id}`]);
    expect(await storedProposals(open)).toEqual([]);
  });

  it('without signal the notice waits on the device, and goes out once when the browser says the signal is back', async () => {
    const id = await seedMission(server, { processNumber: 'OPEN' });
    const network = { up: false };
    // The network, not the server: a dropped connection is a failure the server cannot give.
    const wrap = (real: HttpClient): HttpClient =>
      (async (base, path, options) => {
        if (!network.up && options?.method === 'POST') throw new HttpError(0, { error: NETWORK_ERROR_MESSAGE });
        return real(base, path, options);
      });
    const { user } = await renderMissions(server, 'prestador', { wrap });
    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Lançar aviso de busca da missão OPEN' }));
    expect(await screen.findByText(OUTBOX_KEPT)).toBeInTheDocument();
    expect(screen.queryByText('Aviso de proposta enviado')).not.toBeInTheDocument();
    expect(await storedProposals(id)).toEqual([]);

    network.up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await storedProposals(id)).toEqual([{ serviceProvider: PROVIDER_ID, status: 'pending' }]));
    expect(writes(server)).toEqual(['POST /api/missions/proposals']);
    // The delivered notice refreshes the list: the row now offers to cancel the search.
    expect(await within(await rowOf('OPEN')).findByRole('button', { name: 'Cancelar busca da missão OPEN' })).toBeInTheDocument();
  });

  it("cancelSearch removes the provider's proposal: 'Proposta removida com sucesso'", async () => {
    const id = await seedMission(server, { processNumber: 'PROPOSED' });
    await server.call('prestador', 'POST', '/api/missions/proposals', { missionRequest: id, status: 'pending' });
    const { user } = await renderMissions(server, 'prestador');
    await user.click(within(await rowOf('PROPOSED')).getByRole('button', { name: 'Cancelar busca da missão PROPOSED' }));
    expect(await screen.findByText('Proposta removida com sucesso')).toBeInTheDocument();
    expect(await storedProposals(id)).toEqual([{ serviceProvider: PROVIDER_ID, status: 'canceled' }]);
  });
});

describe('proposals', () => {
  it("lists proposals; 'Aceitar' only on completed ones asks 'Aceitar a proposta de {prestador}?' with its ETA and distance, then starts the mission with that provider with one request", async () => {
    const id = await seedMission(server, { processNumber: 'OPEN' });
    await server.call('sul', 'POST', '/api/missions/proposals', completedProposal(id));
    // The dialog lists proposals in the order they arrived; the test server's clock stands still.
    server.t.clock.advance(1000);
    await server.call('prestador', 'POST', '/api/missions/proposals', { missionRequest: id, status: 'pending' });
    const { user } = await renderMissions(server, 'gestor');

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Propostas da missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propostas — Missão OPEN' });
    const table = await within(dialog).findByRole('table', { name: 'Propostas' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 6).map((c) => c.textContent))).toEqual([
      ['Completa', 'Escolta Sul', '12,5', '00:45', '-23,565', '-46,652'],
      ['Buscando agente', 'Pronta Resposta Demo', '-', '-', '-', '-'],
    ]);
    expect(within(rows[1]!).queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Localizar' })).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Aceitar' }));
    // Asked first, naming the offer: declining sends nothing and keeps the proposals open.
    let confirm = await screen.findByRole('dialog', { name: 'Aceitar a proposta de Escolta Sul?' });
    expect(within(confirm).getByText('Tempo de chegada: 00:45 · Distância: 12,5 km')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aceitar a proposta de Escolta Sul?' })).not.toBeInTheDocument());
    expect(writes(server)).toEqual([]);
    expect(await storedMission(server, id)).toMatchObject({ status: 'open', serviceProvider: null });

    await user.click(within(rows[0]!).getByRole('button', { name: 'Aceitar' }));
    confirm = await screen.findByRole('dialog', { name: 'Aceitar a proposta de Escolta Sul?' });
    await user.dblClick(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Status da missão atualizado')).toBeInTheDocument();
    expect(writes(server)).toEqual([statusPath(id)]);
    expect(await storedMission(server, id)).toMatchObject({ status: 'started', serviceProvider: OTHER_PROVIDER_ID });
  });

  it("a provider sees no 'Aceitar'; a refused acceptance says 'Status da missão não atualizado'", async () => {
    const id = await seedMission(server, { processNumber: 'OPEN' });
    await server.call('prestador', 'POST', '/api/missions/proposals', completedProposal(id));
    const provider = await renderMissions(server, 'prestador');
    await provider.user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Propostas da missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propostas — Missão OPEN' });
    expect(await within(dialog).findByText('Pronta Resposta Demo')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    provider.unmount();

    const manager = await renderMissions(server, 'gestor');
    await manager.user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Propostas da missão OPEN' }));
    const accept = await screen.findByRole('button', { name: 'Aceitar' });
    // Canceled meanwhile: the server refuses to start it.
    await setStored(server, id, { status: 'canceled' });
    await manager.user.click(accept);
    await manager.user.click(await screen.findByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Status da missão não atualizado')).toBeInTheDocument();
    // The confirmation closes; the proposals stay open.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sim, tenho certeza' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Propostas — Missão OPEN' })).toBeInTheDocument();
    expect(await storedMission(server, id)).toMatchObject({ status: 'canceled', serviceProvider: null });
  });
});

describe('timeline', () => {
  it('shows the event log in order: what, who (name and role), when, and the provider', async () => {
    const at = (iso: string) => (server.t.clock.now = new Date(iso));
    at('2026-03-05T17:30:00.000Z');
    const mission = await server.call<MissionDetail>('gestor', 'POST', '/api/missions/request', missionBody({ processNumber: 'HELD' }));
    at('2026-03-05T17:41:00.000Z');
    await server.call('sul', 'POST', '/api/missions/proposals', completedProposal(mission._id));
    at('2026-03-05T18:02:00.000Z');
    await server.call('gestor', 'PUT', `/api/missions/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: OTHER_PROVIDER_ID });
    const { user } = await renderMissions(server, 'gestor');
    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Linha do tempo da missão HELD' }));
    const panel = await screen.findByRole('dialog', { name: 'Linha do tempo — Missão HELD' });
    const items = within(await within(panel).findByRole('list', { name: 'Eventos da missão' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Missão criadaGestor Demo (Gerenciadora de risco)05/03/2026 14:30',
      'Proposta enviadaPrestador Sul (Prestador)05/03/2026 14:41Prestador: Escolta Sul',
      'Proposta aceita; missão iniciadaGestor Demo (Gerenciadora de risco)05/03/2026 15:02Prestador: Escolta Sul',
    ]);
  });

  it('a vehicle added and changed on the running mission shows who, when, the plate and each field before → after', async () => {
    server.t.clock.now = new Date('2026-03-05T17:30:00.000Z');
    const mission = await server.call<MissionDetail>('gestor', 'POST', '/api/missions/request', missionBody({ processNumber: 'HELD' }));
    await server.call('sul', 'POST', '/api/missions/proposals', completedProposal(mission._id));
    await server.call('gestor', 'PUT', `/api/missions/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: OTHER_PROVIDER_ID });
    server.t.clock.now = new Date('2026-03-05T18:10:00.000Z');
    const vehicle = { driver: 'João', type: 'car', plate: 'ABC1D23' };
    const added = await server.call<{ vehiclesDisplay: { createdAt: string }[] }>('gestor', 'POST', `/api/missions/${mission._id}/vehicles`, vehicle);
    await server.call('gestor', 'PUT', `/api/missions/${mission._id}/vehicles`, { ...vehicle, color: 'Prata', createdAt: added.vehiclesDisplay[0]?.createdAt });
    const { user } = await renderMissions(server, 'gestor');
    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Linha do tempo da missão HELD' }));
    const panel = await screen.findByRole('dialog', { name: 'Linha do tempo — Missão HELD' });
    const items = within(await within(panel).findByRole('list', { name: 'Eventos da missão' })).getAllByRole('listitem');
    expect(items.slice(-2).map((i) => i.textContent)).toEqual([
      'Veículo adicionadoGestor Demo (Gerenciadora de risco)05/03/2026 15:10ABC1D23Motorista: — → JoãoEspécie: — → CarroPlaca: — → ABC1D23',
      'Veículo atualizadoGestor Demo (Gerenciadora de risco)05/03/2026 15:10ABC1D23Cor: — → Prata',
    ]);
  });
});
