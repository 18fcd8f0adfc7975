/**
 * The missions row actions that write (issue 7, browser): the confirmation modal's texts, the
 * request sent, the spec's success and failure toasts; the search notice; accepting a proposal;
 * and the timeline panel.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { MissionEvent, Proposal } from '../../src/domain/missions';
import { dismiss } from '../../src/layout/notify';
import { GESTOR_ADMIN, PRESTADOR_ADMIN, RISK_MANAGER_ID, type FakeRequest } from './frameworkHarness';
import { PROVIDER_ID, missionRow, renderMissions, rowOf } from './missionsHarness';

afterEach(() => dismiss());

const writes = (calls: FakeRequest[]) => calls.filter((c) => c.method !== 'GET');

describe('mission status changes', () => {
  it("cancel: 'Cancelar a missão?', 'Não, cancelar' sends nothing, 'Sim, tenho certeza' sends the status and toasts success", async () => {
    const row = missionRow({ processNumber: 'OPEN' });
    const { api, user } = renderMissions(GESTOR_ADMIN, () => [row]);
    api.use((r) => (r.method === 'PUT' && r.path === `request/${row._id}/status` ? { ...row, status: 'canceled' } : undefined));

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Cancelar missão OPEN' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancelar a missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api.calls)).toEqual([]);

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Cancelar missão OPEN' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar a missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Missão cancelada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api.calls)).toMatchObject([
      { method: 'PUT', path: `request/${row._id}/status`, body: { missionRequest: row._id, status: 'canceled' } },
    ]);
  });

  it("reopen refused by the server: 'Ocorreu um erro ao tentar reabrir a missão'", async () => {
    const row = missionRow({ processNumber: 'FIN', storedStatus: 'finished', serviceProvider: PROVIDER_ID });
    const { api, user } = renderMissions(GESTOR_ADMIN, () => [row]);
    api.use((r) => {
      if (r.method === 'PUT') throw new HttpError(409, { error: 'Status da missão não atualizado' });
      return undefined;
    });
    await user.click(within(await rowOf('FIN')).getByRole('button', { name: 'Reabrir missão FIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reabrir a missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Ocorreu um erro ao tentar reabrir a missão')).toBeInTheDocument();
    expect(writes(api.calls)).toMatchObject([{ method: 'PUT', body: { status: 'started' } }]);
  });

  it('the holder asks to finish (POST askfinish) and ends the mission (status finished) with the finishing texts', async () => {
    const row = missionRow({ processNumber: 'HELD', storedStatus: 'started', serviceProvider: PROVIDER_ID });
    const { api, user } = renderMissions(PRESTADOR_ADMIN, () => [row]);
    api.use((r) => (r.method !== 'GET' ? { ...row } : undefined));

    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Solicitar finalização da missão HELD' }));
    let dialog = await screen.findByRole('dialog', { name: 'Solicitar Finalização da missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Finalização da missão solicitada com sucesso!')).toBeInTheDocument();

    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Finalizar missão HELD' }));
    dialog = await screen.findByRole('dialog', { name: 'Finalizar a missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Missão finalizada com sucesso')).toBeInTheDocument();
    expect(writes(api.calls)).toMatchObject([
      { method: 'POST', path: `${row._id}/askfinish` },
      { method: 'PUT', path: `request/${row._id}/status`, body: { status: 'finished' } },
    ]);
  });

  it("a failed finish-request cancellation: 'Ocorreu um erro com a operação de finalização da missão'", async () => {
    const row = missionRow({ processNumber: 'ASKED', storedStatus: 'started', serviceProvider: PROVIDER_ID, finishingAsked: true });
    const { api, user } = renderMissions(GESTOR_ADMIN, () => [row]);
    api.use((r) => {
      if (r.method === 'DELETE') throw new HttpError(409, { error: 'Status da missão não atualizado' });
      return undefined;
    });
    await user.click(within(await rowOf('ASKED')).getByRole('button', { name: 'Cancelar solicitação de finalização da missão ASKED' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar solicitação de finalização da missão?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Ocorreu um erro com a operação de finalização da missão')).toBeInTheDocument();
    expect(writes(api.calls)).toMatchObject([{ method: 'DELETE', path: `${row._id}/askfinish` }]);
  });
});

describe('Reabrir on a billed mission', () => {
  it('the risk manager sees it disabled on every billed status, the reason as its tooltip, reachable by Tab; nothing is sent', async () => {
    const reason = 'Missão já faturada: reabrir alteraria um faturamento concluído';
    const rows = (['billed_shipper', 'billed'] as const).map((status) =>
      missionRow({ processNumber: status.toUpperCase(), storedStatus: status, serviceProvider: PROVIDER_ID }),
    );
    const { api, user } = renderMissions(GESTOR_ADMIN, () => rows);
    for (const row of rows) {
      expect(within(await rowOf(row.processNumber ?? '')).getByRole('button', { name: `Reabrir missão ${row.processNumber ?? ''}` })).toBeDisabled();
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
    for (let i = 0; i < 60 && document.activeElement !== wrapper; i++) await user.tab();
    expect(document.activeElement).toBe(wrapper);
    await user.click(wrapper);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it('a provider gets no Reabrir on its billed mission', async () => {
    const row = missionRow({ processNumber: 'BILLED', storedStatus: 'billed', serviceProvider: PROVIDER_ID });
    renderMissions(PRESTADOR_ADMIN, () => [row]);
    expect(within(await rowOf('BILLED')).queryByRole('button', { name: 'Reabrir missão BILLED' })).not.toBeInTheDocument();
  });
});

describe('search notice', () => {
  it("launches a pending proposal: 'Lançando aviso de busca para proposta...' then 'Aviso de proposta enviado'", async () => {
    const row = missionRow({ processNumber: 'OPEN' });
    const { api, user } = renderMissions(PRESTADOR_ADMIN, () => [row]);
    let release: () => void = () => undefined;
    api.use((r) =>
      r.method === 'POST' && r.path === 'proposals'
        ? new Promise((resolve) => (release = () => resolve({ _id: 'ffffffffffffffffffff0001', status: 'pending' })))
        : undefined,
    );
    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Lançar aviso de busca da missão OPEN' }));
    expect(await screen.findByText('Lançando aviso de busca para proposta...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Aviso de proposta enviado')).toBeInTheDocument();
    expect(screen.queryByText('Lançando aviso de busca para proposta...')).not.toBeInTheDocument();
    expect(writes(api.calls)).toMatchObject([{ method: 'POST', path: 'proposals', body: { missionRequest: row._id, status: 'pending' } }]);
  });

  it('a failed notice and a failed removal show their failure texts', async () => {
    const rows = [
      missionRow({ processNumber: 'OPEN' }),
      missionRow({ processNumber: 'PROPOSED', ownProposal: { _id: 'ffffffffffffffffffff0002', status: 'pending' } }),
    ];
    const { api, user } = renderMissions(PRESTADOR_ADMIN, () => rows);
    api.use((r) => {
      if (r.method !== 'GET') throw new HttpError(409, { error: 'Não é possível enviar proposta para esta missão' });
      return undefined;
    });
    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Lançar aviso de busca da missão OPEN' }));
    expect(await screen.findByText('Ocorreu um erro ao tentar lançar o aviso para proposta à missão')).toBeInTheDocument();
    await user.click(within(await rowOf('PROPOSED')).getByRole('button', { name: 'Cancelar busca da missão PROPOSED' }));
    expect(await screen.findByText('Ocorreu um erro ao tentar remover a proposta à missão')).toBeInTheDocument();
    expect(writes(api.calls)).toMatchObject([
      { method: 'POST', path: 'proposals' },
      { method: 'DELETE', path: 'proposals/ffffffffffffffffffff0002' },
    ]);
  });

  it("cancelSearch removes the provider's proposal: 'Proposta removida com sucesso'", async () => {
    const row = missionRow({ processNumber: 'PROPOSED', ownProposal: { _id: 'ffffffffffffffffffff0003', status: 'pending' } });
    const { api, user } = renderMissions(PRESTADOR_ADMIN, () => [row]);
    api.use((r) => (r.method === 'DELETE' ? {} : undefined));
    await user.click(within(await rowOf('PROPOSED')).getByRole('button', { name: 'Cancelar busca da missão PROPOSED' }));
    expect(await screen.findByText('Proposta removida com sucesso')).toBeInTheDocument();
  });
});

const proposal = (overrides: Partial<Proposal>): Proposal => ({
  _id: 'ffffffffffffffffffff0010',
  riskManager: RISK_MANAGER_ID,
  serviceProvider: PROVIDER_ID,
  missionRequest: '',
  status: 'completed',
  eta: { time: '00:45', distanceInKm: 12.5 },
  location: {
    zipcode: '01310100',
    address: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.565,
    longitude: -46.652,
  },
  serviceProviderInfo: { name: 'Escolta Sul' },
  createdAt: '2026-03-05T17:40:00.000Z',
  ...overrides,
});

describe('proposals', () => {
  it("lists proposals; 'Aceitar' only on completed ones, which starts the mission with that provider", async () => {
    const row = missionRow({ processNumber: 'OPEN' });
    const { api, user } = renderMissions(GESTOR_ADMIN, () => [row]);
    const list = [
      proposal({ missionRequest: row._id }),
      proposal({
        _id: 'ffffffffffffffffffff0011',
        serviceProvider: 'aaaaaaaaaaaaaaaaaaaaaa0a',
        status: 'pending',
        eta: null,
        location: null,
        serviceProviderInfo: { name: 'Guarda Norte' },
      }),
    ];
    api.use((r) => (r.method === 'GET' && r.path === `${row._id}/proposals` ? list : undefined));
    api.use((r) => (r.method === 'PUT' ? { ...row, status: 'started' } : undefined));

    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Propostas da missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propostas — Missão OPEN' });
    const table = await within(dialog).findByRole('table', { name: 'Propostas' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 6).map((c) => c.textContent))).toEqual([
      ['Completa', 'Escolta Sul', '12,5', '00:45', '-23,565', '-46,652'],
      ['Buscando agente', 'Guarda Norte', '-', '-', '-', '-'],
    ]);
    expect(within(rows[1]!).queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Localizar' })).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Aceitar' }));
    expect(await screen.findByText('Status da missão atualizado')).toBeInTheDocument();
    expect(writes(api.calls)).toMatchObject([
      { method: 'PUT', path: `request/${row._id}/status`, body: { missionRequest: row._id, status: 'started', serviceProvider: PROVIDER_ID } },
    ]);
  });

  it("a provider sees no 'Aceitar'; a refused acceptance says 'Status da missão não atualizado'", async () => {
    const row = missionRow({ processNumber: 'OPEN', ownProposal: { _id: 'ffffffffffffffffffff0010', status: 'completed' } });
    const provider = renderMissions(PRESTADOR_ADMIN, () => [row]);
    provider.api.use((r) => (r.method === 'GET' && r.path.endsWith('/proposals') ? [proposal({ missionRequest: row._id })] : undefined));
    await provider.user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Propostas da missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propostas — Missão OPEN' });
    expect(await within(dialog).findByText('Escolta Sul')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    provider.app.unmount();

    const manager = renderMissions(GESTOR_ADMIN, () => [row]);
    manager.api.use((r) => (r.method === 'GET' && r.path.endsWith('/proposals') ? [proposal({ missionRequest: row._id })] : undefined));
    manager.api.use((r) => {
      if (r.method === 'PUT') throw new HttpError(409, { error: 'Status da missão não atualizado' });
      return undefined;
    });
    await manager.user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Propostas da missão OPEN' }));
    await manager.user.click(await screen.findByRole('button', { name: 'Aceitar' }));
    expect(await screen.findByText('Status da missão não atualizado')).toBeInTheDocument();
  });
});

describe('timeline', () => {
  it('shows the event log in order: what, who (name and role), when, and the provider', async () => {
    const row = missionRow({ processNumber: 'HELD', storedStatus: 'started', serviceProvider: PROVIDER_ID });
    const { api, user } = renderMissions(GESTOR_ADMIN, () => [row]);
    const events: MissionEvent[] = [
      {
        _id: 'ffffffffffffffffffff0020',
        missionRequest: row._id,
        action: 'created',
        fromStatus: null,
        toStatus: 'open',
        actor: { id: 'bbbbbbbbbbbbbbbbbbbbbb01', name: 'Ana Gestora', roleType: 'risk_manager' },
        serviceProviderName: null,
        createdAt: '2026-03-05T17:30:00.000Z',
      },
      {
        _id: 'ffffffffffffffffffff0021',
        missionRequest: row._id,
        action: 'proposal_completed',
        fromStatus: 'open',
        toStatus: 'open',
        actor: { id: 'bbbbbbbbbbbbbbbbbbbbbb02', name: 'Bruno Prestador', roleType: 'service_provider' },
        serviceProviderName: 'Escolta Sul',
        createdAt: '2026-03-05T17:41:00.000Z',
      },
      {
        _id: 'ffffffffffffffffffff0022',
        missionRequest: row._id,
        action: 'accepted',
        fromStatus: 'open',
        toStatus: 'started',
        actor: { id: 'bbbbbbbbbbbbbbbbbbbbbb01', name: 'Ana Gestora', roleType: 'risk_manager' },
        serviceProviderName: 'Escolta Sul',
        createdAt: '2026-03-05T18:02:00.000Z',
      },
    ];
    api.use((r) => (r.method === 'GET' && r.path === `${row._id}/events` ? events : undefined));
    await user.click(within(await rowOf('HELD')).getByRole('button', { name: 'Linha do tempo da missão HELD' }));
    const panel = await screen.findByRole('dialog', { name: 'Linha do tempo — Missão HELD' });
    const items = within(await within(panel).findByRole('list', { name: 'Eventos da missão' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Missão criadaAna Gestora (Gerenciadora de risco)05/03/2026 14:30',
      'Proposta enviadaBruno Prestador (Prestador)05/03/2026 14:41Prestador: Escolta Sul',
      'Proposta aceita; missão iniciadaAna Gestora (Gerenciadora de risco)05/03/2026 15:02Prestador: Escolta Sul',
    ]);
  });
});
