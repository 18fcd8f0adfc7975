/**
 * The missions table (docs/rules/missions.md, browser) over the real server: title and legend by role, each
 * row's actions for the viewer and status, filters with search going back to page 1, paging, and
 * the actions that go to other screens.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MONITORING_PAGE_SIZE } from '../../src/domain/missions';
import { dismiss } from '../../src/layout/notify';
import {
  CREATED_AT,
  OTHER_PROVIDER_ID,
  PROVIDER_ID,
  actionsOfRow,
  monitoringCalls,
  renderMissions,
  rowOf,
  seedChat,
  seedManyOpen,
  seedMission,
  serveMissions,
} from './missionsHarness';
import { proposalBody } from '../server/missionsClient';

const server = serveMissions();
/** A page of twenty rows, rendered several times, takes long in jsdom on a busy 2-core machine. */
const SLOW_MS = 60_000;
afterEach(() => dismiss());

const legendTexts = async () => {
  const legend = await screen.findByRole('complementary', { name: 'Legendas' });
  return within(legend)
    .getAllByText(/.+/)
    .map((e) => e.textContent)
    .filter((t) => t !== 'Legendas');
};

describe('missions table', () => {
  it("risk manager: title, 'Nova Missão', the legend without the provider's statuses, the columns that tell missions apart with 'Em leilão' and the place", async () => {
    await seedMission(server, { processNumber: 'P-1', createdAt: CREATED_AT });
    await seedMission(server, { processNumber: 'P-2', place: null });
    await renderMissions(server, 'operador');
    expect(await screen.findByRole('heading', { name: 'Missões - Gerenciadora de Risco' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova Missão' })).toBeInTheDocument();
    expect(await legendTexts()).toEqual([
      'Solicitado',
      'Em andamento',
      'Finalizado',
      'Faturado Cliente',
      'Faturado Prestadora',
      'Faturado',
      'Cancelado',
    ]);
    const row = await rowOf('P-1');
    const headers = within(screen.getByRole('table', { name: 'Missões' })).getAllByRole('columnheader').map((c) => c.textContent);
    expect(headers).toEqual(['', 'Status', 'Nº do processo', 'Embarcador', 'Local', 'Criada em', 'Prestador', 'Ações']);
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1, 7)).toEqual(['Solicitado', 'P-1', 'Andrade Alimentos', 'Porto de Santos — São Paulo/SP', '05/03/2026 14:30', 'Em leilão']);
    // Without a place of the catalogue, the place is the city.
    expect(within(await rowOf('P-2')).getAllByRole('cell')[4]).toHaveTextContent(/^São Paulo\/SP$/);
  });

  it("the rest of the product's columns open under the row with 'Mais informações', one row at a time", async () => {
    await seedMission(server, { processNumber: 'P-1' });
    await seedMission(server, { processNumber: 'P-2' });
    const { user } = await renderMissions(server, 'operador');
    const more = within(await rowOf('P-1')).getByRole('button', { name: 'Mais informações da missão P-1' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Gerenciadora de risco')).not.toBeInTheDocument();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const fields = document.getElementById(more.getAttribute('aria-controls') ?? '');
    if (!fields) throw new Error('no fields region');
    const pairs = Array.from(fields.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Solicitante', 'Central de Monitoramento'],
      ['Serviço', 'Pronta resposta padrão'],
      ['Latitude', '-23,5503'],
      ['Longitude', '-46,6339'],
      ['Endereço', 'Praça da Sé'],
      ['Complemento', 'lado ímpar'],
      ['Bairro', 'Sé'],
      ['Cidade', 'São Paulo'],
      ['Estado', 'SP'],
      ['Gerenciadora de risco', 'Gerenciadora Demo'],
    ]);
    expect(within(await rowOf('P-2')).getByRole('button', { name: 'Mais informações da missão P-2' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.queryByText('Gerenciadora de risco')).not.toBeInTheDocument();
  });

  it("provider: 'Pronta Resposta' title, no 'Nova Missão', the legend with 'Outro fornecedor definido' and without per-party billing", async () => {
    await seedMission(server);
    await renderMissions(server, 'prestador');
    expect(await screen.findByRole('heading', { name: 'Missões - Pronta Resposta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova Missão' })).not.toBeInTheDocument();
    expect(await legendTexts()).toEqual(['Solicitado', 'Em andamento', 'Finalizado', 'Faturado', 'Cancelado', 'Outro fornecedor definido']);
  });

  it('risk manager: row actions by status', async () => {
    await seedMission(server, { processNumber: 'OPEN' });
    await seedMission(server, { processNumber: 'STARTED', status: 'started', serviceProvider: PROVIDER_ID });
    await seedMission(server, { processNumber: 'ASKED', status: 'started', serviceProvider: PROVIDER_ID, finishingAsked: true });
    await seedMission(server, { processNumber: 'FINISHED', status: 'finished', serviceProvider: PROVIDER_ID });
    await seedMission(server, { processNumber: 'BILLED', status: 'billed', serviceProvider: PROVIDER_ID });
    await seedMission(server, { processNumber: 'CANCELED', status: 'canceled' });
    await renderMissions(server, 'gestor');
    expect(await actionsOfRow('OPEN')).toEqual([
      'Ver no mapa a missão OPEN',
      'Propostas da missão OPEN',
      'Cancelar missão OPEN',
      'Compartilhar acompanhamento da missão OPEN',
      'Linha do tempo da missão OPEN',
    ]);
    expect(await actionsOfRow('STARTED')).toEqual([
      'Ver no mapa a missão STARTED',
      'Chat da missão STARTED',
      'Ver detalhes da missão STARTED',
      'Cancelar missão STARTED',
      'Compartilhar acompanhamento da missão STARTED',
      'Linha do tempo da missão STARTED',
    ]);
    expect(await actionsOfRow('ASKED')).toEqual([
      'Ver no mapa a missão ASKED',
      'Chat da missão ASKED',
      'Ver detalhes da missão ASKED',
      'Cancelar solicitação de finalização da missão ASKED',
      'Cancelar missão ASKED',
      'Compartilhar acompanhamento da missão ASKED',
      'Linha do tempo da missão ASKED',
    ]);
    expect(await actionsOfRow('FINISHED')).toEqual([
      'Chat da missão FINISHED',
      'Ver detalhes da missão FINISHED',
      'Faturamento do cliente da missão FINISHED',
      'Faturamento da prestadora da missão FINISHED',
      'Relatório da missão FINISHED',
      'Reabrir missão FINISHED',
      'Linha do tempo da missão FINISHED',
    ]);
    // Reabrir is shown on a billed mission, disabled (missionsActions.test.tsx).
    expect(await actionsOfRow('BILLED')).toEqual([
      'Chat da missão BILLED',
      'Ver detalhes da missão BILLED',
      'Faturamento do cliente da missão BILLED',
      'Faturamento da prestadora da missão BILLED',
      'Relatório da missão BILLED',
      'Reabrir missão BILLED',
      'Linha do tempo da missão BILLED',
    ]);
    expect(await actionsOfRow('CANCELED')).toEqual(['Linha do tempo da missão CANCELED']);
  });

  it('provider: row actions by status and by whether it holds the mission or proposed', async () => {
    await seedMission(server, { processNumber: 'OPEN' });
    const proposed = await seedMission(server, { processNumber: 'PROPOSED' });
    await server.call('prestador', 'POST', '/api/missions/proposals', { missionRequest: proposed, status: 'pending' });
    await seedMission(server, { processNumber: 'HELD', status: 'started', serviceProvider: PROVIDER_ID });
    await seedMission(server, { processNumber: 'ASKED', status: 'started', serviceProvider: PROVIDER_ID, finishingAsked: true });
    await seedMission(server, { processNumber: 'FINISHED', status: 'finished', serviceProvider: PROVIDER_ID });
    // Lost: Pronta Resposta Demo launched a notice, Escolta Sul's proposal was accepted.
    const lost = await seedMission(server, { processNumber: 'LOST' });
    await server.call('prestador', 'POST', '/api/missions/proposals', { missionRequest: lost, status: 'pending' });
    await server.call('sul', 'POST', '/api/missions/proposals', proposalBody(lost));
    await server.call('gestor', 'PUT', `/api/missions/request/${lost}/status`, { missionRequest: lost, status: 'started', serviceProvider: OTHER_PROVIDER_ID });
    await renderMissions(server, 'prestador');
    expect(await actionsOfRow('OPEN')).toEqual(['Ver no mapa a missão OPEN', 'Lançar aviso de busca da missão OPEN', 'Enviar proposta para a missão OPEN', 'Linha do tempo da missão OPEN']);
    expect(await actionsOfRow('PROPOSED')).toEqual(['Ver no mapa a missão PROPOSED', 'Cancelar busca da missão PROPOSED', 'Enviar proposta para a missão PROPOSED', 'Propostas da missão PROPOSED', 'Linha do tempo da missão PROPOSED']);
    expect(await actionsOfRow('HELD')).toEqual(['Ver no mapa a missão HELD', 'Chat da missão HELD', 'Ver detalhes da missão HELD', 'Finalizar missão HELD', 'Solicitar finalização da missão HELD', 'Linha do tempo da missão HELD']);
    expect(await actionsOfRow('ASKED')).toEqual([
      'Ver no mapa a missão ASKED',
      'Chat da missão ASKED',
      'Ver detalhes da missão ASKED',
      'Finalizar missão ASKED',
      'Cancelar solicitação de finalização da missão ASKED',
      'Linha do tempo da missão ASKED',
    ]);
    expect(await actionsOfRow('FINISHED')).toEqual(['Chat da missão FINISHED', 'Ver detalhes da missão FINISHED', 'Faturamento da prestadora da missão FINISHED', 'Relatório da missão FINISHED', 'Linha do tempo da missão FINISHED']);
    expect(await actionsOfRow('LOST')).toEqual(['Linha do tempo da missão LOST']);
    expect(within(await rowOf('LOST')).getByText('Outro fornecedor definido')).toBeInTheDocument();
  });

  it('Status filter with Pesquisar asks for page 1 of that status; paging asks for the next and previous pages', async () => {
    // A full page of open missions and one more, then a finished one: two pages.
    await seedManyOpen(server, MONITORING_PAGE_SIZE + 1);
    await seedMission(server, { processNumber: 'FIN-1', status: 'finished', serviceProvider: PROVIDER_ID });
    const { user } = await renderMissions(server, 'operador');
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByText(`LOTE-${MONITORING_PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect(monitoringCalls(server).at(-1)?.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(monitoringCalls(server).at(-1)?.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Finalizado' }));
    // Nothing is asked before Pesquisar.
    expect(monitoringCalls(server).some((q) => q.get('status') === 'finished')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(screen.queryByText(`LOTE-${MONITORING_PAGE_SIZE + 1}`)).not.toBeInTheDocument());
    expect(screen.getByText('FIN-1')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 1')).toBeInTheDocument();
    const filtered = monitoringCalls(server).at(-1);
    expect([filtered?.get('page'), filtered?.get('status')]).toEqual(['1', 'finished']);

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(await screen.findByText('LOTE-1')).toBeInTheDocument();
    const last = monitoringCalls(server).at(-1);
    expect(last?.get('page')).toBe('1');
    expect(last?.has('status')).toBe(false);
  }, SLOW_MS);

  it("the status filter offers the role's statuses after 'Todos'", async () => {
    const { user } = await renderMissions(server, 'prestador');
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Todos', 'Solicitado', 'Em andamento', 'Finalizado', 'Faturado', 'Cancelado', 'Outro fornecedor definido']);
  });

  it('details, chat and billing go to their routes with the mission id and status', async () => {
    const finished = await seedMission(server, { processNumber: 'FIN', status: 'finished', serviceProvider: PROVIDER_ID });
    const { location, user } = await renderMissions(server, 'gestor');
    await user.click(within(await rowOf('FIN')).getByRole('button', { name: 'Ver detalhes da missão FIN' }));
    await waitFor(() => expect(location().pathname).toBe(`/home/missions/${finished}/details/finished`));
  });

  it("the chat action's unread badge: hidden at 0, the count up to 99, '99+' beyond", async () => {
    for (const [processNumber, unread] of [
      ['U-0', 0],
      ['U-5', 5],
      ['U-99', 99],
      ['U-120', 120],
    ] as const) {
      const id = await seedMission(server, { processNumber, status: 'started', serviceProvider: PROVIDER_ID });
      await seedChat(server, id, unread);
    }
    const badgeOf = async (processNumber: string) => {
      const chat = within(await rowOf(processNumber)).getByRole('button', { name: `Chat da missão ${processNumber}` });
      return within(chat).queryByTestId('chat-unread');
    };
    await renderMissions(server, 'gestor');
    expect(await badgeOf('U-0')).toBeNull();
    expect(await badgeOf('U-5')).toHaveTextContent(/^5$/);
    expect(await badgeOf('U-99')).toHaveTextContent(/^99$/);
    expect(await badgeOf('U-120')).toHaveTextContent(/^99\+$/);
  });

  it('billing for the provider goes to billing/serviceProvider', async () => {
    const finished = await seedMission(server, { processNumber: 'FIN', status: 'finished', serviceProvider: PROVIDER_ID });
    const { location, user } = await renderMissions(server, 'gestor');
    await user.click(within(await rowOf('FIN')).getByRole('button', { name: 'Faturamento da prestadora da missão FIN' }));
    await waitFor(() => expect(location().pathname).toBe(`/home/missions/${finished}/billing/serviceProvider`));
  });

  it("'Relatório' lists the report kinds of the viewer: a provider gets its own and 'Atendimento'", async () => {
    await seedMission(server, { processNumber: 'FIN', status: 'finished', serviceProvider: PROVIDER_ID });
    const { user } = await renderMissions(server, 'prestador');
    await user.click(within(await rowOf('FIN')).getByRole('button', { name: 'Relatório da missão FIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relatório — Missão FIN' });
    const kinds = within(within(dialog).getByRole('list', { name: 'Relatórios disponíveis' })).getAllByRole('listitem');
    expect(kinds.map((k) => k.textContent)).toEqual(['Prestadora', 'Atendimento']);
  });

  it('the record count and the pages read in pt-BR', async () => {
    // Over a thousand pages, so both numbers take the thousands separator.
    await seedManyOpen(server, MONITORING_PAGE_SIZE * 1000 + 1);
    await renderMissions(server, 'operador');
    expect(await screen.findByText('20.001 registros')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 1.001')).toBeInTheDocument();
  }, SLOW_MS);
});
