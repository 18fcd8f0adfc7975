/**
 * docs/api.md, browser items, against the real `npm start` in headless Chromium: a double-clicked
 * Salvar writes once; at 1280 px a wide list keeps its 'Ver' in view; at phone width (390 px) the
 * menu is a drawer, nothing overflows the page and dialogs take the whole screen; Roboto is
 * shipped with the app. Records made for a journey are made through the API with the page's token.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { cnpjCheckDigits } from '../../src/domain/validators/cnpj';
import { useE2eServer, type Viewport } from './harness';

const EMAIL = 'gestor@demo.com.br';
/** localStorage key of the session token (src/authProvider/session.ts). */
const TOKEN_KEY = 'prontaResposta.token';
const WAIT = 15_000;
const PHONE = { width: 390, height: 844 };

const e2e = useE2eServer();

/** A page of its own context; `viewport` defaults to the harness's 1280×800. */
const newPage = (name: string, viewport?: Viewport): Promise<Page> => e2e.newPage(`hardening-${name}`, viewport);

const login = (page: Page) => e2e.logIn(page, EMAIL);

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const response = await fetch(`${e2e.url}${path}`, {
    method,
    headers: { 'x-access-token': token ?? '', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Waits for a list screen: its heading and record count. */
async function listLoaded(page: Page, title: string) {
  await page.getByRole('heading', { name: title, exact: true }).waitFor({ timeout: WAIT });
  await page.getByRole('status').filter({ hasText: /registros?$/ }).waitFor({ timeout: WAIT });
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('hardening in the browser', () => {
  test('Roboto is shipped: /login loads its woff2 from the app and renders with it', async () => {
    const page = await newPage('fonts');
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url());
    });
    await page.goto(`${e2e.url}/login`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: WAIT });
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Roboto' && f.status === 'loaded').map((f) => f.weight);
    });
    expect(loaded).toContain('400');
    expect(await page.evaluate(() => document.fonts.check('16px Roboto'))).toBe(true);
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) expect(url.startsWith(e2e.url)).toBe(true);
    await page.context().close();
  });

  test('a double click on Salvar creates exactly one record', async () => {
    const page = await newPage('double-click');
    await login(page);
    await page.goto(`${e2e.url}/home/admin/causes`);
    await listLoaded(page, 'Motivo Acionamento');
    const name = 'Clique duplo E2E';
    await page.getByRole('button', { name: 'Criar novo' }).click();
    const form = page.getByRole('dialog', { name: 'Criar | Motivo acionamento', exact: true });
    await form.waitFor({ timeout: WAIT });
    await form.getByLabel('Motivo', { exact: true }).fill(name);
    await form.getByRole('button', { name: 'Salvar' }).dblclick();
    await page.getByTestId('toast').filter({ hasText: 'Motivos acionamento atualizados com sucesso' }).waitFor({ timeout: WAIT });
    await form.waitFor({ state: 'hidden', timeout: WAIT });
    // Give a second POST, if any, time to land.
    await page.waitForTimeout(500);
    const causes = await api<{ name: string }[]>(page, 'GET', '/api/admin/causes');
    expect(causes.filter((c) => c.name === name)).toHaveLength(1);
    await page.context().close();
  });

  test("at 1280 px the providers list keeps 'Ver' in view, also beside a very long unbroken name", async () => {
    const page = await newPage('wide-table');
    await login(page);
    const longName = 'P'.repeat(110);
    const base = '4455667700019';
    await api(page, 'POST', '/api/service-providers/info', {
      name: longName,
      legalName: `Razao${'X'.repeat(150)}`,
      cnpj: `${base.slice(0, 12)}${cnpjCheckDigits(base.slice(0, 12))}`,
      active: true,
      contacts: { phone1: '11987654321', phone2: '1133334444', phone3: '11912345678' },
    });
    await page.goto(`${e2e.url}/home/admin/advanced/providers`);
    await listLoaded(page, 'Prestadora de Serviços');
    const viewport = page.viewportSize()!;

    const header = page.getByRole('columnheader', { name: 'Ações' });
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(viewport.width);

    const row = page.getByRole('row').filter({ hasText: longName.slice(0, 20) });
    const ver = row.getByRole('button', { name: 'Ver' });
    const box = (await ver.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // The long name is cut with an ellipsis and whole in its tooltip; CNPJ and phones stay on one line.
    const nameCell = row.getByRole('cell').first();
    expect(await nameCell.locator('[title]').getAttribute('title')).toBe(longName);
    expect(await nameCell.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(true);
    for (const cell of await row.getByRole('cell').all()) {
      expect(await cell.evaluate((c) => getComputedStyle(c).whiteSpace)).toBe('nowrap');
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Clickable, not covered by the scrolled cells.
    await ver.click();
    await page.getByRole('dialog', { name: 'Consultar | Prestadora de Serviços', exact: true }).waitFor({ timeout: WAIT });
    await page.context().close();
  });

  test('at 390 px: the menu is a drawer behind a button, nothing overflows, dialogs are full-screen', async () => {
    const page = await newPage('phone', PHONE);
    await login(page);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    expect(await menu.isVisible()).toBe(false);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu.waitFor({ state: 'visible', timeout: WAIT });
    await menu.getByText('Administração', { exact: true }).click();
    await page.waitForURL('**/home/admin');
    await menu.waitFor({ state: 'hidden', timeout: WAIT });
    await page.getByRole('button', { name: 'Prestadora de Serviços', exact: true }).waitFor({ timeout: WAIT });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Motivo Acionamento', exact: true }).click();
    await listLoaded(page, 'Motivo Acionamento');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Criar novo' }).click();
    const form = page.getByRole('dialog', { name: 'Criar | Motivo acionamento', exact: true });
    await form.waitFor({ timeout: WAIT });
    const box = (await form.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
