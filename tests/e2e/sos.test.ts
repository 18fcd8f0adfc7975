import { describe, expect, test } from 'vitest';
import { apiJson, demoToken, useE2eServer } from './harness';
import { missionBody, proposalBody } from '../server/missionsClient';

/**
 * SOS in Chromium (docs/rules/alarms.md): the team holds 'SOS' for 2 s on a 390 px phone, the risk
 * manager at 1440 px sees the red alert arrive live and presses 'Ciente', and the phone shows who
 * answered — with the SMS text and the emergency phone on screen all along.
 */
const e2e = useE2eServer();

const api = (path: string, token: string, method = 'GET', body?: unknown) => apiJson(e2e.url, path, token, method, body);

describe('SOS', () => {
  test('held on the phone, seen and answered by the risk manager, answered on the phone', { timeout: 180_000 }, async () => {
    const [gestor, prestador] = await Promise.all([demoToken(e2e.url, 'gestor@demo.com.br'), demoToken(e2e.url, 'prestador@demo.com.br')]);
    const config = (await api('/admin/mission/configs', gestor)) as unknown as { _id: string; required: unknown }[];
    const tenant = config[0]!;
    await api(`/admin/mission/configs/${tenant._id}`, gestor, 'PUT', { required: tenant.required, alarms: { phone: '11987654321', emails: null, escalateMinutes: 5, silenceMinutes: null } });
    const mission = await api('/missions/request', gestor, 'POST', missionBody({ processNumber: 'PR-SOS' }));
    const id = String(mission._id);
    const proposal = await api('/missions/proposals', prestador, 'POST', proposalBody(id));
    await api(`/missions/request/${id}/status`, gestor, 'PUT', { missionRequest: id, status: 'started', serviceProvider: proposal.serviceProvider });

    const desk = await e2e.newPage('sos-desk', { width: 1440, height: 900 });
    await e2e.logIn(desk, 'gestor@demo.com.br');
    await desk.goto(`${e2e.url}/home/missions`);

    const phone = await e2e.newPage('sos-phone', { width: 390, height: 844 });
    await e2e.logIn(phone, 'prestador@demo.com.br');
    await phone.goto(`${e2e.url}/home/missions/${id}/details/started`);
    const sos = phone.getByRole('button', { name: 'SOS — Segure por 2 segundos para acionar o SOS' });
    await sos.waitFor({ timeout: 30_000 });
    await phone.getByText('Sem conexão? Envie SMS para (11) 98765-4321: SOS missão PR-SOS').waitFor();
    const box = await sos.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);

    // A tap does nothing; the 2 s hold raises it.
    await sos.click();
    await phone.waitForTimeout(500);
    expect(await phone.getByText('SOS recebido pela central').count()).toBe(0);
    await sos.hover();
    await phone.mouse.down();
    await phone.waitForTimeout(2_400);
    await phone.mouse.up();
    await phone.getByText('SOS recebido pela central').waitFor({ timeout: 15_000 });

    const alert = desk.getByRole('alert').filter({ hasText: 'SOS acionado pela equipe — Missão #PR-SOS' });
    await alert.waitFor({ timeout: 15_000 });
    const width = await alert.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(1400);
    await alert.getByRole('button', { name: 'Ciente' }).click();
    await alert.waitFor({ state: 'detached', timeout: 15_000 });

    await phone.getByText(/^Ciente por .+ às \d{2}:\d{2}$/).waitFor({ timeout: 15_000 });
    await api(`/admin/mission/configs/${tenant._id}`, gestor, 'PUT', { required: tenant.required, alarms: { phone: null, emails: null, escalateMinutes: 5, silenceMinutes: null } });
  });
});
