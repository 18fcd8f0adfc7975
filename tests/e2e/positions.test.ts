import { describe, expect, test } from 'vitest';
import { apiJson, demoToken, useE2eServer } from './harness';
import { missionBody, proposalBody } from '../server/missionsClient';

/**
 * Positions out in Chromium (docs/rules/positions.md): a stream of Traccar-shaped requests moves
 * the team on the risk manager's map of the running mission (its label: name, speed, age) with the
 * live estimate, and on the shipper's tracking page, without a reload; on place, the arrival is
 * recorded once and both stop showing the team on its way.
 */
const e2e = useE2eServer();

const api = (path: string, token: string, method = 'GET', body?: unknown) => apiJson(e2e.url, path, token, method, body);
const tokenOf = (email: string) => demoToken(e2e.url, email);

/** One position as Traccar Client 9 posts it (speed in m/s). */
async function traccar(identifier: string, latitude: number, longitude: number, speedMps: number) {
  const response = await fetch(`${e2e.url}/api/positions/osmand`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device_id: identifier, location: { timestamp: new Date().toISOString(), coords: { latitude, longitude, speed: speedMps, heading: 0, accuracy: 5 }, battery: { level: 0.8 } } }),
  });
  expect(response.status).toBe(200);
}

describe('positions out', () => {
  test('a Traccar stream moves the team on the risk manager’s map and on the shipper’s tracking page', { timeout: 120_000 }, async () => {
    const [gestor, prestador] = await Promise.all([tokenOf('gestor@demo.com.br'), tokenOf('prestador@demo.com.br')]);
    const mission = await api('/missions/request', gestor, 'POST', missionBody({ processNumber: 'PR-POSICOES' }));
    const proposal = await api('/missions/proposals', prestador, 'POST', proposalBody(String(mission._id)));
    await api(`/missions/request/${String(mission._id)}/status`, gestor, 'PUT', { missionRequest: mission._id, status: 'started', serviceProvider: proposal.serviceProvider });
    const device = await api('/positions/devices', prestador, 'POST', { name: 'Celular da viatura 5' });
    const identifier = String(device.identifier);
    const link = await api(`/missions/${String(mission._id)}/tracking`, gestor, 'POST', {});

    const manager = await e2e.newPage('positions-manager');
    await e2e.logIn(manager, 'gestor@demo.com.br');
    await manager.goto(`${e2e.url}/home/missions/${String(mission._id)}/details/started`);
    const card = manager.getByTestId('teams-map');
    await card.getByText('Nenhuma posição recebida desde o aceite.', { exact: false }).waitFor({ timeout: 20_000 });

    const phone = await e2e.newPage('positions-phone', { width: 390, height: 844 });
    await phone.goto(String(link.url).replace(/^https?:\/\/[^/]+/, e2e.url));
    await phone.getByTestId('tracking-live').filter({ hasText: 'Ao vivo' }).waitFor({ timeout: 15_000 });
    const loads: string[] = [];
    phone.on('load', () => loads.push(phone.url()));

    // About 4.3 km south of the place, at 10 m/s (36 km/h).
    await traccar(identifier, -23.6, -46.6565, 10);
    const line = card.getByTestId('team-line');
    await line.filter({ hasText: 'Celular da viatura 5 · 36 km/h · agora' }).waitFor({ timeout: 10_000 });
    await expect(card.getByTestId('teams-eta').textContent()).resolves.toBe('Equipe a caminho: chega em 9 min');
    await card.locator('.leaflet-tooltip').filter({ hasText: 'Celular da viatura 5' }).waitFor();
    const approach = phone.getByTestId('tracking-approach');
    await approach.filter({ hasText: 'chega em 9 min' }).waitFor({ timeout: 10_000 });
    const team = phone.getByTestId('tracking-team');
    const firstSpot = await team.getAttribute('style');

    // Closer: the marker moves, the estimate drops, live on both.
    await traccar(identifier, -23.57, -46.6565, 5);
    await line.filter({ hasText: '18 km/h' }).waitFor({ timeout: 10_000 });
    await card.getByTestId('teams-eta').filter({ hasText: 'chega em 2 min' }).waitFor({ timeout: 10_000 });
    await approach.filter({ hasText: 'chega em 2 min' }).waitFor({ timeout: 10_000 });
    expect(await team.getAttribute('style')).not.toBe(firstSpot);
    expect(loads).toEqual([]);

    // On place: two fixes inside the radius record the arrival once; the team is no longer on its way.
    await traccar(identifier, -23.5614, -46.6565, 0);
    await traccar(identifier, -23.5613, -46.6565, 0);
    await phone.getByText('Equipe chegou ao local').waitFor({ timeout: 10_000 });
    await approach.waitFor({ state: 'detached', timeout: 10_000 });
    await card.getByTestId('teams-eta').waitFor({ state: 'detached', timeout: 10_000 });
    await traccar(identifier, -23.5613, -46.6566, 0);
    const events = (await api(`/missions/${String(mission._id)}/events`, gestor)) as unknown as { action: string }[];
    expect(events.filter((event) => event.action === 'team_arrived')).toHaveLength(1);
    expect(loads).toEqual([]);
    // The shipper never learns the device's or agent's names.
    expect(await phone.locator('body').textContent()).not.toContain('Celular');
  });
});
