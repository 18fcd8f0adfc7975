/**
 * The missions forms (spec 5): 'Nova Missão' with the references required or optional per the
 * mission parameters, the shipper's services loaded when a shipper is chosen, and what is sent;
 * the proposal form's required messages, its HH:mm mask and what it sends.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { dismiss } from '../../src/layout/notify';
import { GESTOR_ADMIN, PRESTADOR_ADMIN, RISK_MANAGER_ID, type FakeRequest } from './frameworkHarness';
import { missionRow, renderMissions, rowOf } from './missionsHarness';
import { chooseOption } from './resourcesHarness';

afterEach(() => dismiss());

const SHIPPER = 'eeeeeeeeeeeeeeeeeeee0101';
const PLAN = 'eeeeeeeeeeeeeeeeeeee0102';
const REQUESTER = 'eeeeeeeeeeeeeeeeeeee0103';

function references(required: boolean): Record<string, ApiRecord[]> {
  const one = (id: string, name: string) => [{ _id: id, name, active: true, riskManager: RISK_MANAGER_ID }];
  return {
    'admin:mission/configs': [
      { _id: 'eeeeeeeeeeeeeeeeeeee0100', riskManager: RISK_MANAGER_ID, required: { cause: required, carrier: required, place: required, leadership: required } },
    ],
    'admin:shippers': [...one(SHIPPER, 'Transportes Beta'), { _id: 'eeeeeeeeeeeeeeeeeeee0109', name: 'Inativo', active: false }],
    [`billing:shipper/${SHIPPER}`]: one(PLAN, 'Escolta armada'),
    'admin:requesters': one(REQUESTER, 'Carla Souza'),
    'admin:causes': one('eeeeeeeeeeeeeeeeeeee0104', 'Roubo de carga'),
    'admin:carriers': one('eeeeeeeeeeeeeeeeeeee0105', 'Rápido Sul'),
    'admin:places': one('eeeeeeeeeeeeeeeeeeee0106', 'Rodovia'),
    'admin:leaderships': one('eeeeeeeeeeeeeeeeeeee0107', 'Equipe Alfa'),
  };
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

const writes = (calls: FakeRequest[]) => calls.filter((c) => c.method !== 'GET');

async function openNewMission(required: boolean) {
  const rendered = renderMissions(GESTOR_ADMIN, () => [], references(required));
  await rendered.user.click(await screen.findByRole('button', { name: 'Nova Missão' }));
  // The form replaces the loading dialog once the mission parameters are known.
  await screen.findByRole('combobox', { name: 'Cliente' });
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Nova Missão' }) };
}

describe('Nova Missão', () => {
  it('references optional by the parameters: only the shipper, service, requester and address messages', async () => {
    const { api, user, dialog } = await openNewMission(false);
    expect(within(dialog).getByRole('combobox', { name: 'Motivo do acionamento (opcional)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    for (const message of ['Selecione o cliente', 'Selecione o serviço', 'Selecione o solicitante', ...LOCATION_MESSAGES]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    for (const message of REF_MESSAGES) expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it('references required by the parameters: their messages too', async () => {
    const { user, dialog } = await openNewMission(true);
    expect(within(dialog).getByRole('combobox', { name: 'Motivo do acionamento' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    for (const message of REF_MESSAGES) expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it("shipper → its services; a complete form is sent as the API's values: 'Nova missão criada'", async () => {
    const { api, user, dialog } = await openNewMission(false);
    api.use((r) => (r.method === 'POST' && r.path === 'request' ? { ...missionRow(), ...(r.body as object) } : undefined));
    // Only active shippers are offered.
    await user.click(within(dialog).getByRole('combobox', { name: 'Cliente' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Nenhum', 'Transportes Beta']);
    await user.click(screen.getByRole('option', { name: 'Transportes Beta' }));
    await chooseOption(user, dialog, /^Serviço$/, 'Escolta armada');
    expect(api.calls.some((c) => c.path === `shipper/${SHIPPER}`)).toBe(true);
    await chooseOption(user, dialog, /^Solicitante$/, 'Carla Souza');
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
    expect(writes(api.calls)).toMatchObject([
      {
        method: 'POST',
        path: 'request',
        body: {
          processNumber: 'PROC-77',
          shipper: SHIPPER,
          franchise_plan: PLAN,
          requester: REQUESTER,
          cause: null,
          location: {
            zipcode: '01001000',
            address: 'Praça da Sé',
            number: 'lado ímpar',
            neighborhood: 'Sé',
            city: 'São Paulo',
            state: 'SP',
            latitude: -23.5503,
            longitude: -46.6339,
          },
        },
      },
    ]);
  }, LONG_FORM_MS);
});

describe('proposal form', () => {
  const open = missionRow({ processNumber: 'OPEN' });

  it('every field is required with the spec messages; the time takes the HH:mm mask and its range', async () => {
    const { api, user } = renderMissions(PRESTADOR_ADMIN, () => [open]);
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
    expect(writes(api.calls)).toEqual([]);
  });

  it("sends a completed proposal (or updates the provider's own one): 'Proposta lançada'", async () => {
    const proposed = missionRow({ processNumber: 'MINE', ownProposal: { _id: 'ffffffffffffffffffff0030', status: 'pending' } });
    const { api, user } = renderMissions(PRESTADOR_ADMIN, () => [open, proposed]);
    api.use((r) => (r.method !== 'GET' ? { _id: 'ffffffffffffffffffff0031', ...(r.body as object) } : undefined));

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
    const sent = {
      eta: { time: '00:45', distanceInKm: 12.5 },
      location: { zipcode: '01310100', address: 'Avenida Paulista', number: '1000', latitude: -23.565, longitude: -46.652 },
    };
    expect(writes(api.calls)).toMatchObject([
      { method: 'POST', path: 'proposals', body: { missionRequest: open._id, status: 'completed', ...sent } },
      { method: 'PUT', path: 'proposals/ffffffffffffffffffff0030', body: { status: 'completed', ...sent } },
    ]);
  }, LONG_FORM_MS);
});
