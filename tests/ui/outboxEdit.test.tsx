/**
 * 'Editar' and 'Descartar' on an action the server refused during a replay (docs/rules/field-app.md,
 * "Nada se perde sem sinal"), over the real server: the device holds two actions typed without
 * signal, the mission moves on meanwhile so the server refuses both with its own message;
 * 'Descartar' drops one from the outbox, 'Editar' takes the other back to the screen it was typed
 * on, whose form opens filled with what was typed — and leaves the outbox empty.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { missions } from '../../server/db/schema';
import { MissionDetailsPage } from '../../src/custom/missionDetails/MissionDetailsPage';
import MissionsScreen from '../../src/custom/missions/MissionsScreen';
import { createDataProvider } from '../../src/dataProvider';
import type { OutboxAction } from '../../src/dataProvider/outboxActions';
import { memoryOutboxStore, type OutboxStore } from '../../src/dataProvider/outboxStore';
import { MISSION_NOT_EDITABLE } from '../../src/domain/missionDetails';
import { PROPOSAL_NOT_ALLOWED } from '../../src/domain/missions/messages';
import type { ProposalFormValues } from '../../src/domain/schemas';
import type { SecurityAgentValues, VehicleValues } from '../../src/domain/schemas/missionDetails';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { OUTBOX_DISCARD, OUTBOX_EDIT, OutboxNotice } from '../../src/layout/OutboxNotice';
import { OutboxProvider } from '../../src/layout/OutboxProvider';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import { signIn } from './contractHarness';
import { ACCOUNTS, PROVIDER_ID, seedMission, serveMissions, type Account } from './missionsHarness';

const server = serveMissions();

/** A whole screen over the real server on a busy 2-core machine. */
const LONG_MS = 90_000;

const detailsOf = (id: string) => `/home/missions/${id}/details/started`;

/**
 * Signs `account` in with `actions` waiting on its device, typed on `where`; meanwhile the mission
 * changed (`change`). The app's frame opens elsewhere: its replay meets the server's refusals.
 */
async function refusedOnDevice(account: Account, mission: string, change: Partial<typeof missions.$inferInsert>, where: string, actions: OutboxAction[]) {
  const signed = await signIn(server.t.app, ACCOUNTS[account]);
  const user = signed.getUser();
  if (!user) throw new Error('sem usuário');
  const store = memoryOutboxStore();
  for (const [i, action] of actions.entries()) {
    await store.add({ userId: user.id, key: `chave-${mission}-${i}`, action, where, queuedAt: new Date().toISOString(), rejection: null });
  }
  await server.t.database.db.update(missions).set(change).where(eq(missions.id, mission));
  await server.t.app.settle();
  const dataProvider = createDataProvider({ httpClient: signed.httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={['/home']}>
      <AdminContext dataProvider={dataProvider} authProvider={signed.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <OutboxProvider store={store}>
          <OutboxNotice />
          <Routes>
            <Route path="/home" element={<p>Início</p>} />
            <Route path="/home/missions" element={<MissionsScreen />} />
            <Route path="/home/missions/:missionId/details/:missionStatus" element={<MissionDetailsPage />} />
          </Routes>
        </OutboxProvider>
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return { user: userEvent.setup(), store, userId: user.id };
}

/** The refusal notices, once the replay met as many refusals as `count`, each with the server's `message`. */
async function refusals(count: number, message: string) {
  await waitFor(() => expect(screen.getAllByTestId('outbox-refused')).toHaveLength(count), { timeout: 30_000 });
  const notices = screen.getAllByTestId('outbox-refused');
  for (const notice of notices) expect(notice).toHaveTextContent(message);
  return notices;
}

/**
 * 'Descartar' on the first refusal, 'Editar' on the second: the form opens with it, and the refusal
 * stays listed (and on the device) until the form sends its edited version.
 */
async function discardFirstEditSecond(user: ReturnType<typeof userEvent.setup>, store: OutboxStore, userId: string, message: string) {
  const [first] = await refusals(2, message);
  await user.click(within(first as HTMLElement).getByRole('button', { name: OUTBOX_DISCARD }));
  await waitFor(() => expect(screen.getAllByTestId('outbox-refused')).toHaveLength(1));
  expect(await store.list(userId)).toHaveLength(1);
  await user.click(within(screen.getByTestId('outbox-refused')).getByRole('button', { name: OUTBOX_EDIT }));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 30_000 });
  expect(screen.getByTestId('outbox-refused')).toBeInTheDocument();
  expect(await store.list(userId)).toHaveLength(1);
  return dialog;
}

const box = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole<HTMLInputElement>('textbox', { name });

/** An instant as the browser's datetime-local field shows it. */
function localDateTime(iso: string) {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const vehicle = (driver: string, plate: string): VehicleValues => ({
  driver,
  driverPIN: '52998224725',
  type: 'truck',
  plate,
  chassis: null,
  make: 'Scania',
  model: 'R450',
  year: 2021,
  color: null,
});

describe("'Editar' and 'Descartar' on a refused action", () => {
  // Meanwhile the risk manager accepted the provider's earlier proposal: the mission is the provider's, no longer open to proposals.
  it('a refused proposal: the missions screen opens its form filled with what was typed', async () => {
    const mission = await seedMission(server, { processNumber: 'FORA-DO-AR' });
    const values = (time: string, km: number): ProposalFormValues => ({
      eta: { time, distanceInKm: km },
      location: { zipcode: '06454000', address: 'Alameda Rio Negro', number: '500', neighborhood: 'Alphaville Industrial', city: 'Barueri', state: 'SP', latitude: -23.5017, longitude: -46.8489 },
    });
    const proposal = (time: string, km: number): OutboxAction => ({ kind: 'proposal', missionId: mission, reference: 'FORA-DO-AR', proposalId: null, values: values(time, km) });
    const { user, store, userId } = await refusedOnDevice('prestador', mission, { status: 'started', serviceProvider: PROVIDER_ID }, '/home/missions', [proposal('00:20', 12), proposal('00:40', 31.5)]);
    const dialog = await discardFirstEditSecond(user, store, userId, PROPOSAL_NOT_ALLOWED);
    expect(dialog).toHaveAccessibleName('Enviar proposta — Missão FORA-DO-AR');
    expect([box(dialog, 'Prazo de chegada (hh:mm)').value, box(dialog, 'Previsão em KM').value, box(dialog, 'CEP').value, box(dialog, 'Cidade').value]).toEqual([
      '00:40',
      '31,5',
      '06454-000',
      'Barueri',
    ]);
  }, LONG_MS);

  it("a refused edit of a vehicle: its tab opens 'Editar veículo' with the edited values, not the stored ones", async () => {
    const mission = await seedMission(server, { status: 'started', serviceProvider: PROVIDER_ID });
    await server.call('gestor', 'POST', `/api/missions/${mission}/vehicles`, vehicle('Ana Souza', 'ABC1D23'));
    const details = await server.call<{ vehiclesDisplay: { createdAt: string }[] }>('gestor', 'GET', `/api/missions/request/id/${mission}/details`);
    const createdAt = details.vehiclesDisplay[0]?.createdAt ?? '';
    const edit = (driver: string): OutboxAction => ({ kind: 'missionItem', missionId: mission, collection: 'vehicles', values: { ...vehicle(driver, 'ABC1D23') }, createdAt });
    const { user, store, userId } = await refusedOnDevice('gestor', mission, { status: 'finished' }, detailsOf(mission), [edit('Bruno Lima'), edit('Carla Dias')]);
    const dialog = await discardFirstEditSecond(user, store, userId, MISSION_NOT_EDITABLE);
    expect(dialog).toHaveAccessibleName('Editar veículo');
    expect([box(dialog, /Motorista/).value, box(dialog, 'CPF do motorista').value, box(dialog, /Placa/).value]).toEqual(['Carla Dias', '529.982.247-25', 'ABC1D23']);
  }, LONG_MS);

  it("a refused new vehicle: its tab opens 'Adicionar veículo' filled with it", async () => {
    const mission = await seedMission(server, { status: 'started', serviceProvider: PROVIDER_ID });
    const add = (driver: string, plate: string): OutboxAction => ({ kind: 'missionItem', missionId: mission, collection: 'vehicles', values: { ...vehicle(driver, plate) } });
    const { user, store, userId } = await refusedOnDevice('gestor', mission, { status: 'finished' }, detailsOf(mission), [add('Davi Rocha', 'DEF4G56'), add('Eva Nunes', 'HIJ7K89')]);
    const dialog = await discardFirstEditSecond(user, store, userId, MISSION_NOT_EDITABLE);
    expect(dialog).toHaveAccessibleName('Adicionar veículo');
    expect(
      ['Motorista', 'CPF do motorista', 'Placa', 'Marca', 'Modelo', 'Ano', 'Cor'].map((name) => within(dialog).getByLabelText<HTMLInputElement>(new RegExp(`^${name}`)).value),
    ).toEqual(['Eva Nunes', '529.982.247-25', 'HIJ7K89', 'Scania', 'R450', '2021', '']);

    // 'Cancelar' loses nothing: the refusal is still listed, still on the device.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('outbox-refused')).toHaveTextContent(MISSION_NOT_EDITABLE);
    expect(await store.list(userId)).toHaveLength(1);

    // Once the mission may be edited again, the edited vehicle is sent from the form and replaces the refusal.
    await server.t.database.db.update(missions).set({ status: 'started' }).where(eq(missions.id, mission));
    await server.t.app.settle();
    await user.click(within(screen.getByTestId('outbox-refused')).getByRole('button', { name: OUTBOX_EDIT }));
    const again = await screen.findByRole('dialog', { name: 'Adicionar veículo' }, { timeout: 30_000 });
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByTestId('outbox-refused')).not.toBeInTheDocument(), { timeout: 30_000 });
    expect(await store.list(userId)).toEqual([]);
    const details = await server.call<{ vehiclesDisplay: { plate: string }[] }>('gestor', 'GET', `/api/missions/request/id/${mission}/details`);
    expect(details.vehiclesDisplay.map((v) => v.plate)).toEqual(['HIJ7K89']);
  }, LONG_MS);

  it("a refused new agent: its tab opens 'Adicionar prestador' with the name and the start reading typed", async () => {
    const mission = await seedMission(server, { status: 'started', serviceProvider: PROVIDER_ID });
    const start = '2026-03-05T18:00:00.000Z';
    const agent = (name: string, km: number): OutboxAction => ({
      kind: 'missionItem',
      missionId: mission,
      collection: 'securityagents',
      values: { name, rosterAgent: null, odometer: { start: { km, time: start }, arrivalOnPlace: null, endOnPlace: null, end: null } } satisfies SecurityAgentValues,
    });
    const { user, store, userId } = await refusedOnDevice('prestador', mission, { status: 'finished' }, detailsOf(mission), [agent('Fábio', 1000), agent('Gil', 48271.7)]);
    const dialog = await discardFirstEditSecond(user, store, userId, MISSION_NOT_EDITABLE);
    expect(dialog).toHaveAccessibleName('Adicionar prestador');
    // The roster loads first (docs/rules/agents.md); an empty one lets the name be typed.
    expect((await within(dialog).findByLabelText<HTMLInputElement>(/^Nome/)).value).toBe('Gil');
    expect(within(dialog).getAllByLabelText<HTMLInputElement>('Km').map((input) => input.value)).toEqual(['48271,7', '', '', '']);
    expect(within(dialog).getAllByLabelText<HTMLInputElement>('Data e hora').map((input) => input.value)).toEqual([localDateTime(start), '', '', '']);
  }, LONG_MS);
});
