/**
 * The details and chat contract (docs/rules/missions.md): the data provider's typed methods of
 * src/dataProvider/missionDetailsApi.ts — the exact requests the details and chat screens send,
 * multipart uploads included — against the real server over the contract harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { CHAT_EMPTY } from '../../src/domain/messages';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, type TestApp } from '../server/helpers';
import { insertMission, PDF, PNG } from '../server/missionFixtures';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());

const providerFor = async (email: string) =>
  createDataProvider({ httpClient: (await signIn(server.app, email)).httpClient, endpoints: resourceEndpoints });

async function failure(call: Promise<unknown>): Promise<[number, unknown]> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return [error.status, error.body];
    throw error;
  }
  throw new Error('the call succeeded');
}

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes)).toISOString();

describe('mission details and chat through the data provider', () => {
  it('sub-collections, attachments and chat as the screens call them', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const gestor = await providerFor('gestor@demo.com.br');
    const prestador = await providerFor('prestador@demo.com.br');
    const norte = await providerFor('gestor.norte@demo.com.br');

    // The form sends what was typed (lower-case plate, masked CPF); the shared schema cleans it.
    const withVehicle = await gestor.addMissionItem(id, 'vehicles', { driver: 'Ana', driverPIN: '529.982.247-25', type: 'truck', plate: 'abc1d23', year: '' });
    const [vehicle] = withVehicle.vehiclesDisplay;
    expect(vehicle).toMatchObject({ plate: 'ABC1D23', driverPIN: '52998224725', year: null });
    const edited = await gestor.updateMissionItem(id, 'vehicles', vehicle?.createdAt ?? '', { driver: 'Bia', type: 'truck', plate: 'abc1234' });
    expect(edited.vehiclesDisplay.map((v) => [v.driver, v.plate])).toEqual([['Bia', 'ABC-1234']]);

    const odometer = {
      start: { km: '10', time: at(0) },
      arrivalOnPlace: { km: '12,5', time: at(20) },
      endOnPlace: { km: '20', time: at(80) },
      end: { km: '25', time: at(100) },
    };
    const withAgent = await prestador.addMissionItem(id, 'securityagents', { name: 'Rui', odometer });
    expect(withAgent.securityAgentsDisplay[0]?.totals).toMatchObject({ kmText: '15', timeText: '01:40' });

    const file = new File([new Uint8Array(PNG)], 'foto.png', { type: 'image/png' });
    // A photo's capture time and position travel as the form's text fields (docs/rules/field-app.md).
    const capturedAt = new Date(Date.now() - 3600_000).toISOString();
    const withAttachment = await prestador.addMissionAttachment(id, { description: 'Foto', capturedAt, latitude: -23.5505, longitude: -46.6333 }, file);
    const [attachment] = withAttachment.attachments;
    expect(attachment).toMatchObject({ description: 'Foto', mime: 'image/png', capturedAt, latitude: -23.5505, longitude: -46.6333 });
    expect((await gestor.missionDetails(id)).attachments[0]).toMatchObject({ capturedAt, latitude: -23.5505, longitude: -46.6333 });
    expect((await failure(norte.missionDetails(id)))[0]).toBe(404);
    const blob = await gestor.missionFile('attachments', attachment?.file ?? '');
    expect(blob.size).toBe(PNG.length);
    expect((await failure(norte.missionFile('attachments', attachment?.file ?? '')))[0]).toBe(404);
    expect((await prestador.updateMissionAttachment(id, attachment?.createdAt ?? '', 'Foto do baú')).attachments[0]?.description).toBe('Foto do baú');
    expect((await prestador.deleteMissionAttachment(id, attachment?.createdAt ?? '')).attachments).toEqual([]);
    expect((await gestor.deleteMissionItem(id, 'vehicles', vehicle?.createdAt ?? '')).vehiclesDisplay).toEqual([]);

    const sent = await gestor.sendChatMessage({ missionRequest: id, type: 'mission_chat', message: ' Olá ' });
    expect(sent).toMatchObject({ message: 'Olá', sender: 'risk_manager', type: 'text' });
    const pdf = new File([new Uint8Array(PDF)], 'nota.pdf', { type: 'application/pdf' });
    await prestador.sendChatMessage({ missionRequest: id, type: 'mission_chat', message: '', file: pdf });
    const chat = await prestador.missionChat(id);
    expect(chat.map((m) => [m.sender, m.type])).toEqual([
      ['risk_manager', 'text'],
      ['service_provider', 'attachment'],
    ]);
    const [status, body] = await failure(gestor.sendChatMessage({ missionRequest: id, type: 'mission_chat', message: '  ' }));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(CHAT_EMPTY);
    expect((await failure(prestador.deleteChatMessage(sent._id)))[0]).toBe(403);
    await gestor.deleteChatMessage(sent._id);
    expect((await gestor.missionChat(id)).map((m) => m.type)).toEqual(['attachment']);
    expect((await failure(norte.missionDetails(id)))[0]).toBe(404);
  });
});
