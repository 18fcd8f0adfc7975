/**
 * 'Parâmetros da missão' in Chromium with a Brazilian locale: the road factor typed with a decimal
 * comma, as a Brazilian keyboard writes it, is saved as 1.4 (docs/rules/positions.md, "Previsão de
 * chegada"), and an empty field goes back to the default.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useE2eServer } from './harness';

const WAIT = 30_000;
const e2e = useE2eServer();

interface Config {
  eta: { roadFactor: number | null };
}

async function storedConfig(page: Page): Promise<Config> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const list = (await (await fetch('/api/admin/mission/configs', { headers: { 'x-access-token': token } })).json()) as { _id: string }[] | { data: { _id: string }[] };
    const id = (Array.isArray(list) ? list : list.data)[0]?._id ?? '';
    return (await (await fetch(`/api/admin/mission/configs/${id}`, { headers: { 'x-access-token': token } })).json()) as Config;
  });
}

describe("'Parâmetros da missão' in Chromium", () => {
  test("the road factor typed as '1,4' is saved as 1.4; emptied, it is the default again", { timeout: 120_000 }, async () => {
    const page = await e2e.newPage('mission-parameters');
    await e2e.logIn(page, 'gestor@demo.com.br');
    const edit = async (typed: string) => {
      await page.goto(`${e2e.url}/home/admin/configs`);
      await page.getByRole('button', { name: 'Editar' }).click();
      const factor = page.getByRole('textbox', { name: /^Fator de estrada/ });
      await factor.waitFor({ timeout: WAIT });
      await factor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      if (typed) await page.keyboard.type(typed);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => page.getByTestId('toast').textContent(), { timeout: WAIT }).toContain('Parâmetros atualizados com sucesso');
    };
    await edit('1,4');
    expect((await storedConfig(page)).eta.roadFactor).toBe(1.4);
    await edit('');
    expect((await storedConfig(page)).eta.roadFactor).toBeNull();
  });
});
