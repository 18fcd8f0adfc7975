/**
 * The API reference (/api/docs, Swagger UI over /api/openapi.json) in headless Chromium against the
 * real `npm start`: it renders the title and the operations from the app's own files, asks nothing
 * of another origin (it works offline), and the app's CSP refuses nothing it needs.
 */
import { describe, expect, test } from 'vitest';
import { API_TITLE } from '../../server/http/openapi/plugin';
import { useE2eServer } from './harness';

const WAIT = 20_000;
const e2e = useE2eServer();

describe('API reference', () => {
  test('/api/docs shows the title and the operations, same origin only, no CSP refusal', async () => {
    const page = await e2e.newPage('api-docs');
    const origin = new URL(e2e.url).origin;
    const foreign: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    page.on('pageerror', (error) => refused.push(error.message));

    await page.goto(`${e2e.url}/api/docs`);
    await page.getByRole('heading', { name: new RegExp(API_TITLE) }).waitFor({ timeout: WAIT });
    const login = page.locator('.opblock-summary', { hasText: 'Login: devolve o token da sessão' });
    await login.first().waitFor({ timeout: WAIT });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
    expect(foreign).toEqual([]);
    expect(refused).toEqual([]);
  });
});
