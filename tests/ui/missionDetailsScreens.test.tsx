/**
 * The details and chat screens (docs/rules/missions.md) over the real server (contract harness): which tabs are
 * editable for whom and when, the 'nothing to delete' message, the chat title, bubbles, composer
 * rules and the sender's delete with its confirmation.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatPage } from '../../src/custom/chat/ChatPage';
import { MissionDetailsPage } from '../../src/custom/missionDetails/MissionDetailsPage';
import { createDataProvider } from '../../src/dataProvider';
import { CHAT_EMPTY, CHAT_FILE_SIZE, CHAT_FILE_TYPE, CHAT_PICKER_PREFIX, maxValue } from '../../src/domain/messages';
import { timeInFuture } from '../../src/domain/schemas/missionDetails';
import { CHAT_DELETE_CONFIRM, CHAT_DELETE_TITLE, CHAT_LOAD_OLDER, CHAT_WINDOW, MESSAGE_DELETED, MISSION_FILE_MAX_BYTES } from '../../src/domain/missionDetails';
import { eq, sql } from 'drizzle-orm';
import { missionMessages, missions } from '../../server/db/schema';
import { recordEvent } from '../../server/missions/events';
import { PRESENCE_ACTOR } from '../../server/positions/presence';
import { DATE_OUT_OF_RANGE, formatDateTime } from '../../src/domain/validators/dates';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { LiveRegion } from '../../src/layout/LiveRegion';
import { OutboxProvider } from '../../src/layout/OutboxProvider';
import { dismiss } from '../../src/layout/notify';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, type TestApp } from '../server/helpers';
import { insertMission, PNG } from '../server/missionFixtures';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());
afterEach(() => act(() => dismiss()));

async function providerFor(email: string) {
  const signed = await signIn(server.app, email);
  return { signed, dataProvider: createDataProvider({ httpClient: signed.httpClient, endpoints: resourceEndpoints }) };
}

async function renderAs(email: string, path: string) {
  const { signed, dataProvider } = await providerFor(email);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={signed.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <OutboxProvider>
          <Routes>
            <Route path="/home/missions/:missionId/details/:missionStatus" element={<MissionDetailsPage />} />
            <Route path="/home/missions/:missionId/chat/:missionStatus" element={<ChatPage />} />
          </Routes>
        </OutboxProvider>
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  // applyAccept off: the picker's own check is what is tested, not the browser's filter.
  return { user: userEvent.setup({ applyAccept: false }), dataProvider };
}

/** Stands in for the browser's EventSource: the test opens it and feeds it `chat` events. */
class FakeChatStream {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  chat(mission: string) {
    this.emit('chat', mission);
  }
  /** A live event naming `mission` (chat, position…), as the server's stream sends it. */
  emit(type: string, mission: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify({ mission }) }));
  }
}

/** Every EventSource the page opens is a FakeChatStream, listed in the answer (until vi.unstubAllGlobals). */
function fakeChatStreams(): FakeChatStream[] {
  const sources: FakeChatStream[] = [];
  vi.stubGlobal(
    'EventSource',
    class extends FakeChatStream {
      constructor(url: string) {
        super(url);
        sources.push(this);
      }
    },
  );
  return sources;
}

const tab = (name: string) => screen.findByRole('tab', { name });

/** The holding provider's 'Adicionar ocorrência' dialog on a started mission, its date typed as the browser's local date-time. */
async function openOccurrenceForm(localDateTime: string) {
  const started = await insertMission(server.database.db, 'started');
  const { user, dataProvider } = await renderAs('prestador@demo.com.br', `/home/missions/${started}/details/started`);
  await user.click(await tab('Ocorrências'));
  await user.click(await screen.findByRole('button', { name: 'Adicionar' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Data da ocorrência'), { target: { value: localDateTime } });
  return { started, user, dataProvider, dialog };
}

describe('mission details screen', () => {
  it('the risk manager edits vehicles of a started mission, not the provider tabs; deleting with nothing chosen says so', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const { user } = await renderAs('gestor@demo.com.br', `/home/missions/${id}/details/started`);
    await tab('Veículos');
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText('Não há veículo para deletar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Motorista/), 'Ana');
    await user.click(within(dialog).getByRole('combobox', { name: /Espécie/ }));
    await user.click(await screen.findByRole('option', { name: 'Carro' }));
    const plate = within(dialog).getByLabelText(/Placa/);
    await user.type(plate, 'abc1d23');
    await user.tab();
    expect(plate).toHaveValue('ABC1D23');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Veículo adicionado com sucesso')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'ABC1D23' })).toBeInTheDocument();

    for (const name of ['Ocorrências', 'Prestadores', 'Anexos']) {
      await user.click(await tab(name));
      expect(screen.queryByRole('button', { name: 'Adicionar' }), name).not.toBeInTheDocument();
    }
  });

  it("Deletar asks first, naming the vehicle: 'Não, cancelar' keeps it; a double click on 'Sim, tenho certeza' deletes it with one request", { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const seeded = await providerFor('gestor@demo.com.br');
    await seeded.dataProvider.addMissionItem(id, 'vehicles', { driver: 'Ana', type: 'car', plate: 'ABC1D23' });
    const { user, dataProvider } = await renderAs('gestor@demo.com.br', `/home/missions/${id}/details/started`);
    const deletes = vi.spyOn(dataProvider, 'deleteMissionItem');
    await user.click(within(await screen.findByRole('row', { name: /ABC1D23/ })).getByRole('radio', { name: 'Selecionar' }));
    await user.click(screen.getByRole('button', { name: 'Deletar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deletar | Veículo' });
    expect(within(dialog).getByText('Tem certeza que deseja deletar o veículo ABC1D23?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).not.toHaveBeenCalled();
    expect((await seeded.dataProvider.missionDetails(id)).vehiclesDisplay).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Deletar' }));
    dialog = await screen.findByRole('dialog', { name: 'Deletar | Veículo' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Veículo deletado com sucesso')).toBeInTheDocument();
    expect(deletes).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Não foi possível deletar o veículo')).not.toBeInTheDocument();
    expect((await seeded.dataProvider.missionDetails(id)).vehiclesDisplay).toEqual([]);
  });

  it('the holder is asked to confirm deleting an occurrence (type and date), an agent (name) and an attachment (description)', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const seeded = await providerFor('prestador@demo.com.br');
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 11, minutes)).toISOString();
    await seeded.dataProvider.addMissionItem(id, 'ocurrencies', { date: at(10), type: 'theft', description: 'Tentativa na BR-116', city: 'São Paulo', state: 'SP' });
    const reading = (km: number, minutes: number) => ({ km, time: at(minutes) });
    const odometer = { start: reading(100, 0), arrivalOnPlace: reading(110, 30), endOnPlace: reading(120, 90), end: reading(130, 150) };
    await seeded.dataProvider.addMissionItem(id, 'securityagents', { name: 'Carlos Lima', odometer });
    await seeded.dataProvider.addMissionAttachment(id, { description: 'Nota fiscal' }, new File([PNG], 'nf.png', { type: 'image/png' }));
    const { user } = await renderAs('prestador@demo.com.br', `/home/missions/${id}/details/started`);
    for (const [name, row, title, question] of [
      ['Ocorrências', /Tentativa na BR-116/, 'Deletar | Ocorrência', 'Tem certeza que deseja deletar a ocorrência Roubo de 20/11/2026 08:10?'],
      ['Prestadores', /Carlos Lima/, 'Deletar | Prestador', 'Tem certeza que deseja deletar o prestador Carlos Lima?'],
      ['Anexos', /Nota fiscal/, 'Deletar | Arquivo', 'Tem certeza que deseja deletar o arquivo Nota fiscal?'],
    ] as const) {
      await user.click(await tab(name));
      await user.click(within(await screen.findByRole('row', { name: row })).getByRole('radio', { name: 'Selecionar' }));
      await user.click(screen.getByRole('button', { name: 'Deletar' }));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).getByText(question)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    const kept = await seeded.dataProvider.missionDetails(id);
    expect([kept.ocurrenciesDisplay.length, kept.securityAgentsDisplay.length, kept.attachments.length]).toEqual([1, 1, 1]);
  });

  it('a vehicle with a year (Ano) saves, and its year shows in the list', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const { user } = await renderAs('gestor@demo.com.br', `/home/missions/${id}/details/started`);
    await tab('Veículos');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Motorista/), 'Ana');
    await user.click(within(dialog).getByRole('combobox', { name: /Espécie/ }));
    await user.click(await screen.findByRole('option', { name: 'Carro' }));
    await user.type(within(dialog).getByLabelText(/Placa/), 'ABC1D23');
    // A year after next year is a typing mistake (2099 was once saved).
    const nextYear = new Date().getFullYear() + 1;
    await user.type(within(dialog).getByLabelText('Ano'), String(nextYear + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(maxValue(nextYear))).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Ano'));
    await user.type(within(dialog).getByLabelText('Ano'), '2022');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Veículo adicionado com sucesso')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '2022' })).toBeInTheDocument();
  });

  /** The browser's local date-time `minutes` from now, as the field takes it. */
  const local = (minutes: number) => {
    const ms = Date.now() + minutes * 60_000;
    return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  };

  /** The holding provider's 'Adicionar' agent form on a started mission, the name typed. */
  async function openAgentForm(name: string) {
    const started = await insertMission(server.database.db, 'started');
    const { user, dataProvider } = await renderAs('prestador@demo.com.br', `/home/missions/${started}/details/started`);
    await user.click(await tab('Prestadores'));
    await user.click(await screen.findByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    // The roster loads first (docs/rules/agents.md): an empty one lets the provider type the name.
    await user.type(await within(dialog).findByLabelText(/Nome/), name);
    return { started, user, dataProvider, dialog };
  }

  it('the holding provider edits agents (form messages from the shared schema) but not vehicles', { timeout: 60_000 }, async () => {
    const started = await insertMission(server.database.db, 'started');
    const { user } = await renderAs('prestador@demo.com.br', `/home/missions/${started}/details/started`);
    await tab('Veículos');
    expect(screen.queryByRole('button', { name: 'Adicionar' })).not.toBeInTheDocument();
    await user.click(await tab('Prestadores'));
    await user.click(await screen.findByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText('Não há prestador para deletar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha o nome do prestador')).toBeInTheDocument();
    expect(within(dialog).getByText('Preencha a kilometragem do início da missão')).toBeInTheDocument();
  });

  it('the provider saves an agent with the start alone, then the arrival as it happens', { timeout: 60_000 }, async () => {
    const { started, user, dataProvider, dialog } = await openAgentForm('Rui');
    await user.type(within(dialog).getAllByLabelText('Km')[0] as HTMLElement, '1000');
    fireEvent.change(within(dialog).getAllByLabelText('Data e hora')[0] as HTMLElement, { target: { value: local(-60) } });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [saved] = (await dataProvider.missionDetails(started)).securityAgentsDisplay;
    expect(saved?.odometer).toMatchObject({ start: { km: 1000 }, arrivalOnPlace: null, endOnPlace: null, end: null });

    await user.click(await screen.findByRole('cell', { name: 'Rui' }));
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('dialog');
    await user.type(within(edit).getAllByLabelText('Km')[1] as HTMLElement, '1012');
    fireEvent.change(within(edit).getAllByLabelText('Data e hora')[1] as HTMLElement, { target: { value: local(-20) } });
    await user.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(async () =>
      expect((await dataProvider.missionDetails(started)).securityAgentsDisplay[0]?.odometer).toMatchObject({ arrivalOnPlace: { km: 1012 }, endOnPlace: null, end: null }),
    );
  });

  it('the holding team sees its next step first: start, arrival, leaving, end, then the finish request', { timeout: 90_000 }, async () => {
    const started = await insertMission(server.database.db, 'started');
    const { user, dataProvider } = await renderAs('prestador@demo.com.br', `/home/missions/${started}/details/started`);
    const next = await screen.findByRole('region', { name: 'Próxima ação' });
    expect(within(next).getByRole('button', { name: 'Registrar ocorrência' })).toBeInTheDocument();
    await user.click(within(next).getByRole('button', { name: 'Registrar início (agente e odômetro)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Adicionar prestador' });
    await user.type(await within(dialog).findByLabelText(/Nome/), 'Rui');
    await user.type(within(dialog).getAllByLabelText('Km')[0] as HTMLElement, '1000');
    fireEvent.change(within(dialog).getAllByLabelText('Data e hora')[0] as HTMLElement, { target: { value: local(-90) } });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    for (const [action, point, km] of [['Cheguei ao local', 'arrivalOnPlace', '1010'], ['Saí do local', 'endOnPlace', '1020'], ['Cheguei ao destino final', 'end', '1030']] as const) {
      await user.click(await within(next).findByRole('button', { name: action }));
      dialog = await screen.findByRole('dialog', { name: `${action} — Rui` });
      // Only this point's fields, its time the phone's now.
      expect(within(dialog).getAllByLabelText('Km')).toHaveLength(1);
      expect(within(dialog).getByLabelText<HTMLInputElement>('Data e hora').value).not.toBe('');
      await user.type(within(dialog).getByLabelText('Km'), km);
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(async () => expect((await dataProvider.missionDetails(started)).securityAgentsDisplay[0]?.odometer[point]).toMatchObject({ km: Number(km) }));
    }

    await user.click(await within(next).findByRole('button', { name: 'Solicitar finalização' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Solicitar Finalização da missão?' })).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await within(next).findByText('Finalização solicitada: aguardando a gerenciadora.')).toBeInTheDocument();
    expect((await dataProvider.missionById(started)).finishingAsked).toBe(true);
  });

  it("'Cheguei ao local' proposes the arrival the team's positions detected; the agent types the km", { timeout: 60_000 }, async () => {
    const started = await insertMission(server.database.db, 'started');
    const { dataProvider: writer } = await providerFor('prestador@demo.com.br');
    await writer.addMissionItem(started, 'securityagents', { name: 'Rui', odometer: { start: { km: 1000, time: new Date(Date.now() - 90 * 60_000).toISOString() }, arrivalOnPlace: null, endOnPlace: null, end: null } });
    const arrived = new Date(Date.now() - 25 * 60_000);
    await server.database.db.transaction((tx) =>
      recordEvent(
        tx,
        PRESENCE_ACTOR,
        { mission: started, action: 'team_arrived', from: null, to: null, details: { fixedAt: arrived.toISOString(), latitude: -23.5615, longitude: -46.6565 } },
        new Date(),
      ),
    );
    const { user } = await renderAs('prestador@demo.com.br', `/home/missions/${started}/details/started`);
    const next = await screen.findByRole('region', { name: 'Próxima ação' });
    await user.click(await within(next).findByRole('button', { name: 'Cheguei ao local' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cheguei ao local — Rui' });
    const shown = new Date(arrived.getTime() - arrived.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Data e hora').value).toBe(shown);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Km').value).toBe('');
  });

  it('the risk manager has no next-step panel on a running mission', { timeout: 60_000 }, async () => {
    const started = await insertMission(server.database.db, 'started');
    await renderAs('gestor@demo.com.br', `/home/missions/${started}/details/started`);
    expect(await screen.findByRole('tab', { name: 'Veículos' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Próxima ação' })).not.toBeInTheDocument();
  });

  it("an odometer time hours ahead of the server's clock shows why under that time, and nothing is sent", { timeout: 60_000 }, async () => {
    const { started, user, dataProvider, dialog } = await openAgentForm('Rui');
    const kms = within(dialog).getAllByLabelText('Km');
    const times = within(dialog).getAllByLabelText('Data e hora');
    for (const [i, minutes] of [-240, -200, -30, 258].entries()) {
      await user.type(kms[i] as HTMLElement, String(1000 + i * 10));
      fireEvent.change(times[i] as HTMLElement, { target: { value: local(minutes) } });
    }
    const add = vi.spyOn(dataProvider, 'addMissionItem');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(timeInFuture('end'))).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
    expect((await dataProvider.missionDetails(started)).securityAgentsDisplay).toEqual([]);
  });

  it('an occurrence dated outside the years 1900–2099 shows the shared years message under its date, and nothing is saved', { timeout: 60_000 }, async () => {
    const { started, user, dataProvider, dialog } = await openOccurrenceForm('1899-12-30T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
    expect((await dataProvider.missionDetails(started)).ocurrenciesDisplay).toEqual([]);
  });

  it('an occurrence with only date, type, description, city and state is saved; its coordinates stay empty when edited', { timeout: 60_000 }, async () => {
    const { started, user, dataProvider, dialog } = await openOccurrenceForm('2026-11-20T10:00');
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Roubo' }));
    await user.type(within(dialog).getByLabelText(/Descrição/), 'Tentativa na BR-116');
    await user.type(within(dialog).getByLabelText(/Cidade/), 'São Paulo');
    await user.type(within(dialog).getByLabelText(/Estado/), 'SP');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Ocorrência adicionada com sucesso')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Tentativa na BR-116' })).toBeInTheDocument();
    expect((await dataProvider.missionDetails(started)).ocurrenciesDisplay.map((o) => [o.latitude, o.longitude])).toEqual([[null, null]]);

    await user.click(screen.getByRole('radio', { name: 'Selecionar' }));
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const editing = await screen.findByRole('dialog', { name: 'Editar ocorrência' });
    expect(within(editing).getByLabelText('Latitude')).toHaveValue('');
    expect(within(editing).getByLabelText('Longitude')).toHaveValue('');
  });

  it("odometers read in pt-BR, to the metre: 48271.700000000004 km shows '48.271,7 km'", { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const { dataProvider } = await providerFor('prestador@demo.com.br');
    const at = (hour: number) => `2026-11-20T${String(hour).padStart(2, '0')}:00:00.000Z`;
    await dataProvider.addMissionItem(id, 'securityagents', {
      name: 'Agente Ruído',
      odometer: {
        start: { km: 48271.700000000004, time: at(8) },
        arrivalOnPlace: { km: 48280.25, time: at(9) },
        endOnPlace: { km: 48290, time: at(10) },
        end: { km: 49301.5, time: at(11) },
      },
    });
    const { user } = await renderAs('gestor@demo.com.br', `/home/missions/${id}/details/started`);
    await user.click(await tab('Prestadores'));
    const row = (await screen.findByRole('cell', { name: 'Agente Ruído' })).closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    // The 'CNV' column after the name (docs/rules/agents.md): typed by a provider without a roster.
    expect(cells[1]).toBe('sem cadastro');
    expect(cells[2]).toMatch(/^48\.271,7 km · /);
    expect(cells[3]).toMatch(/^48\.280,25 km · /);
    expect(cells[5]).toMatch(/^49\.301,5 km · /);
    expect(cells[7]).toBe('1.029,8');
  });

  it('read-only when the mission is not started', { timeout: 60_000 }, async () => {
    const finished = await insertMission(server.database.db, 'finished');
    const { user } = await renderAs('prestador@demo.com.br', `/home/missions/${finished}/details/finished`);
    for (const name of ['Veículos', 'Ocorrências', 'Prestadores', 'Anexos']) {
      await user.click(await tab(name));
      expect(screen.queryByRole('button', { name: 'Adicionar' }), name).not.toBeInTheDocument();
    }
  });

  it('a mission the user may not see shows the load failure with Tentar novamente', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    await renderAs('gestor.norte@demo.com.br', `/home/missions/${id}/details/started`);
    expect(await screen.findByText('Tivemos um erro ao tentar carregar os detalhes da missão, tente novamente...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('which mission the details and chat screens show', () => {
  /** The header of the mission named `title`: its fields, label and value, as a person reads them. */
  const headerFields = async (title: string) => {
    const header = await screen.findByRole('region', { name: title });
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent(title);
    return Array.from(header.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
  };
  const DEMO_0003 = [
    ['Embarcador', 'Andrade Alimentos'],
    ['Serviço', 'Pronta resposta padrão'],
    ['Local', 'Rodovia Presidente Dutra — Santos/SP'],
    ['Prestador', 'Pronta Resposta Demo'],
  ];

  it('details: the process number, status, shipper, service, place and provider, and the timeline at hand', { timeout: 60_000 }, async () => {
    const { user } = await renderAs('gestor@demo.com.br', `/home/missions/${MISSION_IDS.startedFinishAsked}/details/started`);
    expect(await headerFields('Detalhes da missão · Processo DEMO-0003')).toEqual(DEMO_0003);
    expect(within(screen.getByLabelText('Status da missão')).getByText('Em andamento')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Status da missão')).getByText('Finalização solicitada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Linha do tempo' }));
    const panel = await screen.findByRole('dialog', { name: 'Linha do tempo — Missão DEMO-0003' });
    expect(await within(panel).findByText('Missão criada')).toBeInTheDocument();
    expect(within(panel).getByText('Finalização solicitada')).toBeInTheDocument();
  });

  it('chat: the same header, titled by the chat; a mission without number, place or provider shows dashes and its city', { timeout: 60_000 }, async () => {
    await renderAs('prestador@demo.com.br', `/home/missions/${MISSION_IDS.startedFinishAsked}/chat/started`);
    expect(await headerFields('Chat com a gerenciadora de risco · Processo DEMO-0003')).toEqual(DEMO_0003);
    expect(screen.getByRole('button', { name: 'Linha do tempo' })).toBeInTheDocument();
    document.body.innerHTML = '';

    const canceled = await insertMission(server.database.db, 'canceled', null);
    await renderAs('gestor@demo.com.br', `/home/missions/${canceled}/details/canceled`);
    expect(await headerFields('Detalhes da missão · Processo -')).toEqual([
      ['Embarcador', 'Andrade Alimentos'],
      ['Serviço', 'Pronta resposta padrão'],
      ['Local', 'São Paulo/SP'],
      ['Prestador', '-'],
    ]);
    expect(within(screen.getByLabelText('Status da missão')).getByText('Cancelado')).toBeInTheDocument();
  });
});

describe('mission chat screen', () => {
  it('titles by role, own bubbles on the right, composer rules and the sender\'s delete', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const provider = await renderAs('prestador@demo.com.br', `/home/missions/${id}/chat/started`);
    expect(await screen.findByText('Chat com a gerenciadora de risco')).toBeInTheDocument();
    await provider.dataProvider.sendChatMessage({ missionRequest: id, type: 'mission_chat', message: 'Chegando ao local', file: new File([new Uint8Array(PNG)], 'foto.png', { type: 'image/png' }) });
    document.body.innerHTML = '';

    const { user } = await renderAs('gestor@demo.com.br', `/home/missions/${id}/chat/started`);
    expect(await screen.findByText('Chat com Pronta Resposta Demo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_EMPTY);

    const picker = screen.getByTestId('chat-file');
    await user.upload(picker, new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText(`${CHAT_PICKER_PREFIX}${CHAT_FILE_TYPE}`)).toBeInTheDocument();
    const big = new File([new Uint8Array(MISSION_FILE_MAX_BYTES + 1)], 'grande.pdf', { type: 'application/pdf' });
    await user.upload(picker, big);
    expect(await screen.findByText(`${CHAT_PICKER_PREFIX}${CHAT_FILE_SIZE}`)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), '  Pode seguir  ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-bubble')).toHaveLength(2));
    const [theirs, mine] = screen.getAllByTestId('chat-bubble');
    expect(theirs).toHaveAttribute('data-own', 'false');
    expect(mine).toHaveAttribute('data-own', 'true');
    expect(mine).toHaveTextContent('Pode seguir');
    expect(within(theirs as HTMLElement).queryByRole('button', { name: 'Excluir mensagem' })).not.toBeInTheDocument();

    await user.click(within(mine as HTMLElement).getByRole('button', { name: 'Excluir mensagem' }));
    expect(await screen.findByText(CHAT_DELETE_TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CHAT_DELETE_CONFIRM }));
    expect(await screen.findByText(MESSAGE_DELETED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('chat-bubble')).toHaveLength(1));
  });

  it("'Equipes no mapa': the risk manager sees the holder's phone with speed and age and the estimate; a live position event refetches it", { timeout: 60_000 }, async () => {
    const sources = fakeChatStreams();
    try {
      const id = await insertMission(server.database.db, 'started');
      await server.database.db.update(missions).set({ latitude: -23.5613, longitude: -46.6565, slaAcceptedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(missions.id, id));
      const holder = await providerFor('prestador@demo.com.br');
      const phone = await holder.dataProvider.createTrackerDevice({ name: 'Celular da viatura 7', agent: null });
      const fix = async (latitude: number, speedKnots: number) => {
        const url = `/api/positions/osmand?id=${phone.identifier}&lat=${latitude}&lon=-46.6565&timestamp=${Math.floor(Date.now() / 1000)}&speed=${speedKnots}`;
        expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      };
      await fix(-23.6, 20);
      await renderAs('gestor@demo.com.br', `/home/missions/${id}/details/started`);
      const map = await screen.findByRole('region', { name: 'Equipes no mapa' });
      expect(await within(map).findByTestId('team-line')).toHaveTextContent(/^Celular da viatura 7 · 37 km\/h · /);
      expect(within(map).getByTestId('teams-eta')).toHaveTextContent(/^Equipe a caminho: chega em \d+ min$/);
      // Leaflet, loaded on demand, draws the map.
      await waitFor(() => expect(map.querySelector('.leaflet-container')).not.toBeNull(), { timeout: 10_000 });

      await fix(-23.58, 40);
      await waitFor(() => expect(sources.length).toBeGreaterThan(0));
      // Another mission's position changes nothing; this mission's refetches its teams at once.
      act(() => sources.forEach((source) => source.emit('position', 'dddddddddddddddddddd0001')));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(within(map).getByTestId('team-line')).toHaveTextContent(/37 km\/h/);
      act(() => sources.forEach((source) => source.emit('position', id)));
      await waitFor(() => expect(within(map).getByTestId('team-line')).toHaveTextContent(/^Celular da viatura 7 · 74 km\/h · /), { timeout: 2000 });
    } finally {
      vi.unstubAllGlobals();
      await server.database.db.execute(sql`truncate positions, tracker_devices`);
    }
  });

  it('refetches the chat on a live chat event of its mission, while polling only slowly', { timeout: 60_000 }, async () => {
    const sources = fakeChatStreams();
    try {
      const id = await insertMission(server.database.db, 'started');
      await renderAs('gestor@demo.com.br', `/home/missions/${id}/chat/started`);
      expect(await screen.findByText('Nenhuma mensagem.')).toBeInTheDocument();
      await waitFor(() => expect(sources).toHaveLength(1));
      const stream = sources[0]!;
      expect(stream.url).toContain('ticket=');
      act(() => stream.onopen?.());

      const other = await providerFor('prestador@demo.com.br');
      await other.dataProvider.sendChatMessage({ missionRequest: id, type: 'mission_chat', message: 'Chegamos', file: null });
      act(() => stream.chat('dddddddddddddddddddd0001'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryAllByText('Chegamos')).toHaveLength(0);
      act(() => stream.chat(id));
      // Polling is at LIVE_POLL_MS (a minute) while live: only the event can bring it this soon.
      expect(await screen.findAllByText('Chegamos', {}, { timeout: 2000 })).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("another's new message is said politely ('Nova mensagem de … na missão …'), not one's own, focus staying in the composer", { timeout: 60_000 }, async () => {
    const sources = fakeChatStreams();
    try {
      const id = await insertMission(server.database.db, 'started');
      const other = await providerFor('prestador@demo.com.br');
      await other.dataProvider.sendChatMessage({ missionRequest: id, type: 'mission_chat', message: 'Já estava aqui', file: null });
      const { user } = await renderAs('gestor@demo.com.br', `/home/missions/${id}/chat/started`);
      render(<LiveRegion />);
      const region = screen.getByTestId('live-region');
      expect(await screen.findByText('Já estava aqui')).toBeInTheDocument();
      await waitFor(() => expect(sources).toHaveLength(1));
      const stream = sources[0]!;
      act(() => stream.onopen?.());
      // What was there when the chat opened is not news (the region may still hold an earlier test's words).
      expect(region).not.toHaveTextContent(`missão ${id}`);

      const composer = screen.getByLabelText('Mensagem');
      await user.type(composer, 'Estamos acompanhando');
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(await screen.findByText('Estamos acompanhando')).toBeInTheDocument();
      expect(region).not.toHaveTextContent(`missão ${id}`);

      await user.click(composer);
      await other.dataProvider.sendChatMessage({ missionRequest: id, type: 'mission_chat', message: 'Chegamos', file: null });
      act(() => stream.chat(id));
      expect(await screen.findByText('Chegamos')).toBeInTheDocument();
      await waitFor(() => expect(region).toHaveTextContent(`Nova mensagem de Prestador Demo na missão ${id}`));
      expect(document.activeElement).toBe(composer);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a long chat renders its latest CHAT_WINDOW messages and older ones a window at a time', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const total = CHAT_WINDOW * 2 + 7;
    const base = Date.UTC(2026, 0, 1);
    await server.database.db.insert(missionMessages).values(
      Array.from({ length: total }, (_, i) => ({ mission: id, senderName: 'Gestor', senderRole: 'risk_manager' as const, chatType: 'mission_chat' as const, message: `Mensagem ${i + 1}`, createdAt: new Date(base + i * 1000) })),
    );
    const { user } = await renderAs('gestor@demo.com.br', `/home/missions/${id}/chat/started`);
    await waitFor(() => expect(screen.getAllByTestId('chat-bubble')).toHaveLength(CHAT_WINDOW));
    const texts = () => screen.getAllByTestId('chat-bubble').map((b) => b.textContent ?? '');
    expect(texts()[0]).toContain(`Mensagem ${total - CHAT_WINDOW + 1}`);
    expect(texts().at(-1)).toContain(`Mensagem ${total}`);
    await user.click(screen.getByRole('button', { name: CHAT_LOAD_OLDER }));
    expect(screen.getAllByTestId('chat-bubble')).toHaveLength(CHAT_WINDOW * 2);
    await user.click(screen.getByRole('button', { name: CHAT_LOAD_OLDER }));
    expect(screen.getAllByTestId('chat-bubble')).toHaveLength(total);
    expect(texts()[0]).toContain('Mensagem 1');
    expect(screen.queryByRole('button', { name: CHAT_LOAD_OLDER })).not.toBeInTheDocument();
  });

  it('hides the composer when the mission is not started', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'finished');
    await renderAs('gestor@demo.com.br', `/home/missions/${id}/chat/finished`);
    expect(await screen.findByText('Nenhuma mensagem.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
  });
});

describe('a photo attached from the camera', () => {
  it("is sent with its capture time and the phone's position, shown in the form and in the Captura column", { timeout: 90_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const fix = { coords: { latitude: -23.5505, longitude: -46.6333 } } as GeolocationPosition;
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: (ok: PositionCallback) => ok(fix) } });
    try {
      const { user } = await renderAs('prestador@demo.com.br', `/home/missions/${id}/details/started`);
      await user.click(await tab('Anexos'));
      await user.click(screen.getByRole('button', { name: 'Adicionar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Adicionar anexo' });
      await user.type(within(dialog).getByRole('textbox', { name: /Descrição/ }), 'Lacre do baú');
      const takenAt = new Date(Date.now() - 2 * 60_000);
      await user.upload(within(dialog).getByLabelText('Foto da câmera'), new File([PNG], 'IMG_0001.png', { type: 'image/png', lastModified: takenAt.getTime() }));
      const caption = `Foto de ${formatDateTime(takenAt)} · -23,5505, -46,6333`;
      expect(await within(dialog).findByTestId('attachment-picked')).toHaveTextContent(`IMG_0001.png · ${caption}`);
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByRole('row', { name: new RegExp(`Lacre do baú.*${caption.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toBeInTheDocument();
      const [stored] = (await (await providerFor('gestor@demo.com.br')).dataProvider.missionDetails(id)).attachments;
      expect(stored).toMatchObject({ description: 'Lacre do baú', capturedAt: takenAt.toISOString(), latitude: -23.5505, longitude: -46.6333 });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
});
