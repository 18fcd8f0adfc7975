/**
 * The missions forms (docs/rules/validation.md): 'Nova Missão' with the references required or optional per the
 * mission parameters, the shipper's services loaded when a shipper is chosen, and what is sent;
 * the proposal form's required messages, its HH:mm mask and what it sends.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { missionConfigs, missions, proposals, serviceProviders, shippers } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { API_BASES } from '../../src/domain/endpointPaths';
import type { Proposal } from '../../src/domain/missions';
import { dismiss } from '../../src/layout/notify';
import { proposedArrival } from '../../src/domain/missions/etaEstimate';
import { PROVIDER_ID, REQUESTER_ID, renderMissions, rowOf, seedMission, serveMissions, writes } from './missionsHarness';
import { chooseOption } from './resourcesHarness';

const server = serveMissions();
afterEach(() => dismiss());

const SHIPPER = CATALOGUE_IDS.shipperAndrade;
const PLAN = CATALOGUE_IDS.planAndrade;

/** The demo tenant's mission parameters: every reference of a new mission required, or none. */
async function references(required: boolean) {
  await server.t.database.db
    .update(missionConfigs)
    .set({ requiredCause: required, requiredCarrier: required, requiredPlace: required, requiredLeadership: required })
    .where(eq(missionConfigs.riskManager, DEMO_IDS.riskManager));
  await server.t.app.settle();
}

/** A whole form filled field by field through real events takes a while on a busy 2-core machine. */
const LONG_FORM_MS = 45_000;

const LOCATION_MESSAGES = [
  'Preencha o número do CEP',
  'Preencha o endereço',
  'Preencha o complemento',
  'Preencha o bairro',
  'Preencha a cidade',
  'Preencha o estado',
  'Preencha a latitude',
  'Preencha a longitude',
];
const REF_MESSAGES = ['Selecione o motivo do acionamento', 'Selecione o transportador', 'Selecione o local', 'Selecione a liderança'];

/** Pasting is one change event: typing long texts key by key outlasts the test timeout on a busy machine. */
async function paste(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

async function openNewMission(required: boolean) {
  await references(required);
  const rendered = await renderMissions(server, 'gestor');
  await rendered.user.click(await screen.findByRole('button', { name: 'Nova Missão' }));
  // The form replaces the loading dialog once the mission parameters are known.
  await screen.findByRole('combobox', { name: 'Cliente' });
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Nova Missão' }) };
}

describe('Nova Missão', () => {
  // The first test of the file also loads the screen and the form: as long as a filled form.
  it('references optional by the parameters: only the shipper, service, requester and address messages', { timeout: LONG_FORM_MS }, async () => {
    const { user, dialog } = await openNewMission(false);
    expect(within(dialog).getByRole('combobox', { name: 'Motivo do acionamento (opcional)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    for (const message of ['Selecione o cliente', 'Selecione o serviço', 'Selecione o solicitante', ...LOCATION_MESSAGES]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    for (const message of REF_MESSAGES) expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
    expect(writes(server)).toEqual([]);
  });

  it('references required by the parameters: their messages too', async () => {
    const { user, dialog } = await openNewMission(true);
    expect(within(dialog).getByRole('combobox', { name: 'Motivo do acionamento' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    for (const message of REF_MESSAGES) expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it("shipper → its services; a complete form is sent as the API's values: 'Nova missão criada'", async () => {
    // Only active shippers are offered: Nexa Farma is not, here.
    await server.t.database.db.update(shippers).set({ active: false }).where(eq(shippers.id, CATALOGUE_IDS.shipperNexa));
    const { user, dialog } = await openNewMission(false);
    await user.click(within(dialog).getByRole('combobox', { name: 'Cliente' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Nenhum', 'Andrade Alimentos', 'Vale Eletrônicos']);
    await user.click(screen.getByRole('option', { name: 'Andrade Alimentos' }));
    await chooseOption(user, dialog, /^Serviço$/, 'Pronta resposta padrão');
    expect(server.requests.some((r) => r.path === `${API_BASES.billing}/shipper/${SHIPPER}`)).toBe(true);
    await chooseOption(user, dialog, /^Solicitante$/, 'Central de Monitoramento');
    await paste(user, within(dialog).getByRole('textbox', { name: 'Número do processo (opcional)' }), 'PROC-77');
    const cep = within(dialog).getByRole('textbox', { name: 'CEP' });
    await paste(user, cep, '01001000');
    expect(cep).toHaveValue('01001-000');
    const fill: [string, string][] = [
      ['Endereço', 'Praça da Sé'],
      ['Complemento', 'lado ímpar'],
      ['Bairro', 'Sé'],
      ['Cidade', 'São Paulo'],
      ['Estado', 'SP'],
      ['Latitude', '-23,5503'],
      ['Longitude', '-46.6339'],
    ];
    for (const [name, text] of fill) await paste(user, within(dialog).getByRole('textbox', { name }), text);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Nova missão criada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(server)).toEqual(['POST /api/missions/request']);
    const [stored] = await server.t.database.db.select().from(missions).where(eq(missions.processNumber, 'PROC-77'));
    expect(stored).toMatchObject({
      shipper: SHIPPER,
      franchisePlan: PLAN,
      requester: REQUESTER_ID,
      cause: null,
      zipcode: '01001000',
      address: 'Praça da Sé',
      number: 'lado ímpar',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      latitude: -23.5503,
      longitude: -46.6339,
    });
  }, LONG_FORM_MS);
});

describe('proposal form', () => {
  // The form as a provider without a base finds it: empty (the base's prefill: proposalBase.test.tsx).
  beforeAll(async () => {
    const noBase = { baseZipcode: null, baseAddress: null, baseNumber: null, baseNeighborhood: null, baseCity: null, baseState: null, baseLatitude: null, baseLongitude: null };
    await server.t.database.db.update(serviceProviders).set(noBase).where(eq(serviceProviders.id, PROVIDER_ID));
  });

  it('every field is required with the product’s messages; the time takes the HH:mm mask and its range', async () => {
    await seedMission(server, { processNumber: 'OPEN' });
    const { user } = await renderMissions(server, 'prestador');
    await user.click(within(await rowOf('OPEN')).getByRole('button', { name: 'Enviar proposta para a missão OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta — Missão OPEN' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    for (const message of [
      'Preencha o prazo de chegada na missão',
      'Preencha a previsão em KM',
      'Preencha o número do CEP',
      'Preencha o endereço',
      'Preencha o número',
      'Preencha o bairro',
      'Preencha a cidade',
      'Preencha o estado',
      'Preencha a latitude',
      'Preencha a longitude',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    const time = within(dialog).getByRole('textbox', { name: 'Prazo de chegada (hh:mm)' });
    await user.type(time, '0975');
    expect(time).toHaveValue('09:75');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Minutos devem estar entre 0 e 59')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Previsão em KM' }), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Valor mínimo: 0')).toBeInTheDocument();
    expect(writes(server)).toEqual([]);
  });

  it("'Usar minha localização' fills the coordinates and proposes distance and time to the mission, keeping what was typed", { timeout: LONG_FORM_MS }, async () => {
    await seedMission(server, { processNumber: 'PERTO' });
    // 20 km south of the demo mission's place (-23.5503, -46.6339).
    const team = { lat: -23.7303, lng: -46.6339 };
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude: team.lat, longitude: team.lng } } as GeolocationPosition) },
    });
    const { user } = await renderMissions(server, 'prestador');
    await user.click(within(await rowOf('PERTO')).getByRole('button', { name: 'Enviar proposta para a missão PERTO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta — Missão PERTO' });
    await paste(user, within(dialog).getByRole('textbox', { name: 'Previsão em KM' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Usar minha localização' }));
    const expected = proposedArrival(team, { lat: -23.5503, lng: -46.6339 });
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Latitude' }).value).toBe('-23.7303'));
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Longitude' }).value).toBe('-46.6339');
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Prazo de chegada (hh:mm)' }).value).toBe(expected.time));
    expect(expected.time).toBe('00:27');
    // The distance typed first is the team's own word: kept.
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Previsão em KM' }).value).toBe('30');
  });

  it("sends a completed proposal (or updates the provider's own one): 'Proposta lançada'", async () => {
    const open = await seedMission(server, { processNumber: 'OPEN' });
    const mine = await seedMission(server, { processNumber: 'MINE' });
    const notice = await server.call<Proposal>('prestador', 'POST', '/api/missions/proposals', { missionRequest: mine, status: 'pending' });
    const { user } = await renderMissions(server, 'prestador');

    const fillAndSend = async (processNumber: string) => {
      await user.click(within(await rowOf(processNumber)).getByRole('button', { name: `Enviar proposta para a missão ${processNumber}` }));
      const dialog = await screen.findByRole('dialog', { name: `Enviar proposta — Missão ${processNumber}` });
      const fill: [string, string][] = [
        ['Prazo de chegada (hh:mm)', '0045'],
        ['Previsão em KM', '12,5'],
        ['CEP', '01310100'],
        ['Endereço', 'Avenida Paulista'],
        ['Número', '1000'],
        ['Bairro', 'Bela Vista'],
        ['Cidade', 'São Paulo'],
        ['Estado', 'SP'],
        ['Latitude', '-23.565'],
        ['Longitude', '-46.652'],
      ];
      for (const [name, text] of fill) await paste(user, within(dialog).getByRole('textbox', { name }), text);
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Proposta lançada')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      dismiss();
    };
    await fillAndSend('OPEN');
    await fillAndSend('MINE');
    expect(writes(server)).toEqual(['POST /api/missions/proposals', `PUT /api/missions/proposals/${notice._id}`]);
    const stored = await server.t.database.db
      .select({
        id: proposals.id,
        mission: proposals.mission,
        serviceProvider: proposals.serviceProvider,
        status: proposals.status,
        etaTime: proposals.etaTime,
        etaDistanceKm: proposals.etaDistanceKm,
        zipcode: proposals.zipcode,
        address: proposals.address,
        number: proposals.number,
        latitude: proposals.latitude,
        longitude: proposals.longitude,
      })
      .from(proposals);
    const sent = { serviceProvider: PROVIDER_ID, status: 'completed', etaTime: '00:45', etaDistanceKm: 12.5, zipcode: '01310100', address: 'Avenida Paulista', number: '1000', latitude: -23.565, longitude: -46.652 };
    expect(stored.find((p) => p.mission === open)).toMatchObject(sent);
    // The provider's own notice on MINE was completed, not a second proposal.
    expect(stored.filter((p) => p.mission === mine)).toMatchObject([{ id: notice._id, ...sent }]);
  }, LONG_FORM_MS);
});
