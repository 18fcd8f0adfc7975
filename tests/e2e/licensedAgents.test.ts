/**
 * Licensed agents in Chromium (docs/rules/agents.md): Escolta Sul, whose roster the demo seeds,
 * puts an agent on a mission it holds by picking him from the roster; the agent whose CNV is
 * expired is offered as 'CNV vencida' and cannot be picked, and the server refuses him in
 * Portuguese all the same; the row then reads 'CNV válida em dd/mm/aaaa'.
 */
import { describe, expect, test } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_ROSTER_IDS } from '../../server/demo/seedRosters';
import { ROSTER_TEXTS } from '../../src/domain/agents';
import { CNV_EXPIRED, dayText, saoPauloDay } from '../../src/domain/agents/licence';
import type { MonitoringPage } from '../../src/domain/missions';
import { useE2eServer } from './harness';

const WAIT = 20_000;
const e2e = useE2eServer();

/** An hour ago, as the browser's date-time field takes it (this machine's time zone, as Chromium's). */
function anHourAgo(): string {
  const ms = Date.now() - 3_600_000;
  return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

describe('licensed agents, in Chromium', () => {
  test('Escolta Sul picks a roster agent with a valid CNV; the expired one cannot be picked and is refused', { timeout: 150_000 }, async () => {
    const page = await e2e.newPage('licensed-agents');
    await e2e.logIn(page, 'prestador2@demo.com.br');
    const monitoring = await page.evaluate(async () => {
      const token = localStorage.getItem('prontaResposta.token') ?? '';
      const response = await fetch('/api/missions/request/monitoring?page=1&status=started', { headers: { 'x-access-token': token } });
      return (await response.json()) as MonitoringPage;
    });
    const mission = monitoring.data.find((m) => m.serviceProvider === DEMO_IDS.providerSul);
    if (!mission) throw new Error('the demo seeds a started mission held by Escolta Sul');

    // The server refuses the expired agent in Portuguese, whatever the screen offers.
    const refused = await page.evaluate(
      async ({ id, body }) => {
        const token = localStorage.getItem('prontaResposta.token') ?? '';
        const response = await fetch(`/api/missions/${id}/securityagents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': token },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { id: mission._id, body: { name: 'Sérgio Lima', rosterAgent: DEMO_ROSTER_IDS.expired, odometer: { start: { km: 100, time: new Date(Date.now() - 3_600_000).toISOString() } } } },
    );
    expect(refused).toEqual({ status: 409, body: { error: CNV_EXPIRED } });

    await page.goto(`${e2e.url}/home/missions/${mission._id}/details/started`);
    await page.getByRole('tab', { name: 'Prestadores' }).click();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog');
    const picker = dialog.getByRole('combobox', { name: 'Agente do cadastro' });
    await picker.click();
    const expired = page.getByRole('option', { name: `Sérgio Lima — ${ROSTER_TEXTS.cnvExpired}` });
    await expired.waitFor({ timeout: WAIT });
    expect(await expired.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('option', { name: 'Ricardo Almeida', exact: true }).click();
    expect(await picker.inputValue()).toBe('Ricardo Almeida');
    await dialog.getByLabel('Km').first().fill('100');
    await dialog.getByLabel('Data e hora').first().fill(anHourAgo());
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Prestador adicionado com sucesso').first().waitFor({ timeout: WAIT });
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Ricardo Almeida', exact: true }) });
    await row.getByRole('cell', { name: `CNV válida em ${dayText(saoPauloDay(new Date()))}`, exact: true }).waitFor({ timeout: WAIT });
    await expect.poll(() => page.getByRole('cell', { name: 'Sérgio Lima', exact: true }).count()).toBe(0);
  });
});
