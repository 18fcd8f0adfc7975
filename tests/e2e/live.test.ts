import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD as PASSWORD, useE2eServer } from './harness';
import { missionBody } from '../server/missionsClient';

/**
 * Live dispatch in Chromium (docs/operations/several-instances.md): a provider's missions page learns of
 * a new mission through
 * the stream — no reload, and well before the next poll (60 s while live, 15 s otherwise) — and
 * shows the notice, also said politely to a screen reader without taking focus.
 */
const e2e = useE2eServer();

describe('live missions in the browser', () => {
  test('a provider sees a new mission arrive without reloading and without waiting for a poll', async () => {
    const page = await e2e.newPage('live-new-mission');
    await e2e.logIn(page, 'prestador@demo.com.br');
    await page.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor({ timeout: 15_000 });
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    const more = page.getByRole('button', { name: /^Mais informações da missão / }).first();
    await more.focus();
    const focused = await more.getAttribute('aria-label');

    const login = await fetch(`${e2e.url}/api/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'gestor@demo.com.br', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const sent = Date.now();
    const created = await fetch(`${e2e.url}/api/missions/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify(missionBody({ processNumber: 'PR-AO-VIVO' })),
    });
    expect(created.status).toBe(201);

    await page.getByTestId('toast').filter({ hasText: 'Missão recebida: Missão #PR-AO-VIVO' }).waitFor({ timeout: 10_000 });
    // Well inside the 15 s poll interval, let alone the 60 s one used while live.
    expect(Date.now() - sent).toBeLessThan(10_000);
    // Said politely to a screen reader, focus left where the provider had it.
    expect(await page.getByTestId('live-region').textContent()).toBe('Missão recebida: Missão #PR-AO-VIVO');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(focused);
    await page.getByRole('table', { name: 'Missões' }).getByText('PR-AO-VIVO').waitFor();
    expect(loads).toEqual([]);
  });
});
