import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_THEMES } from '../../server/demo/seedThemes';
import { COMPANY, CONTACT_SENT } from '../../src/domain/company';
import { AA_NORMAL_TEXT, inkContrast } from './contrast';
import { DEMO_PASSWORD, readOutbox, ROOT, useE2eServer, waitForMail } from './harness';

/**
 * The landing page and the per-risk-manager themes in Chromium: /?gr= → /login in that brand's
 * logo and colour, the contact form reaching the outbox, and screenshots of /, /login and
 * /home/missions under the two demo themes (docs/screenshots/).
 */
/**
 * Where the screenshots go: docs/screenshots when SCREENSHOTS=docs (to refresh the committed ones),
 * else a temporary folder, so that `npm test` leaves the working tree as it found it.
 */
const SHOTS = process.env.SCREENSHOTS === 'docs' ? join(ROOT, 'docs', 'screenshots') : mkdtempSync(join(tmpdir(), 'pr-e2e-shots-'));

mkdirSync(SHOTS, { recursive: true });
const e2e = useE2eServer();

const THEMES = [
  { name: 'demo', riskManager: DEMO_IDS.riskManager, email: 'gestor@demo.com.br', primary: 'rgb(0, 121, 107)' },
  { name: 'norte', riskManager: DEMO_IDS.riskManagerNorte, email: 'gestor.norte@demo.com.br', primary: 'rgb(94, 53, 177)' },
] as const;

describe('landing page and themes', () => {
  for (const theme of THEMES) {
    test(`/?gr= of ${theme.name} → /login in its logo and colour; /, /login and /home/missions follow it`, async () => {
      const page = await e2e.newPage(`theme-${theme.name}`);
      await page.goto(`${e2e.url}/?gr=${theme.riskManager}`);
      await page.waitForURL(`**/login?gr=${theme.riskManager}`);
      const enter = page.getByRole('button', { name: 'Entrar' });
      await enter.waitFor();
      expect(await enter.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(theme.primary);
      const logo = page.getByAltText('Logo da gerenciadora');
      expect(await logo.getAttribute('src')).toMatch(/^\/api\/storage\/riskmanager\/[0-9a-f]{24}\.svg$/);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await page.getByTestId('login-art').waitFor();
      await page.screenshot({ path: join(SHOTS, `login-${theme.name}.png`) });

      // Without a brand in the address, / shows the stored theme.
      await page.goto(`${e2e.url}/`);
      const send = page.getByRole('button', { name: 'Enviar mensagem' });
      await send.waitFor();
      expect(await send.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(theme.primary);
      await page.screenshot({ path: join(SHOTS, `landing-${theme.name}.png`) });

      await page.getByRole('link', { name: 'Portal do Cliente' }).click();
      // The landing page has an 'E-mail' field too: wait for the login form before typing.
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await page.getByLabel('E-mail').fill(theme.email);
      await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL('**/home/missions');
      const active = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Missões' });
      // The menu item's colour fades in (MUI transition): poll until it settles.
      await expect.poll(() => active.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(theme.primary);
      // The screenshot shows the missions table, not its loading state.
      await page.getByRole('heading', { name: /^Missões - / }).waitFor({ timeout: 20_000 });
      await page.getByText('Carregando', { exact: true }).waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(SHOTS, `missions-${theme.name}.png`) });
      await page.close();
    });
  }

  test('a logged-in user of another risk manager gets its own theme, and the dark mode is remembered', async () => {
    const page = await e2e.newPage('theme-reload');
    await page.goto(`${e2e.url}/login?gr=${DEMO_IDS.riskManagerNorte}`);
    await page.getByLabel('E-mail').fill('gestor@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/home/missions');
    const active = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Missões' });
    await expect.poll(() => active.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(THEMES[0].primary);

    await page.getByLabel('Modo escuro').check();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
    await page.reload();
    await active.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
    // The risk manager's logo keeps its dark 'Gerenciadora' readable on the dark menu (AA).
    const logo = page.getByRole('navigation', { name: 'Menu principal' }).getByTestId('brand-logo');
    await logo.waitFor();
    const ink = /fill="(#[0-9a-f]{6})">Gerenciadora</.exec(DEMO_THEMES[0]!.logo.toString())?.[1] ?? '';
    expect(await inkContrast(logo, ink)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    await page.close();
  });

  test('Fale conosco reaches the outbox', async () => {
    const page = await e2e.newPage('contact');
    const before = readOutbox(e2e.server.dataDir).length;
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto(`${e2e.url}/`, { waitUntil: 'networkidle' });
    // The landing page is a light chunk: nothing of react-admin (its layout and notification keys) arrives.
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((code) => code.includes('RaLayout') || code.includes('ra.notification'))).toEqual([]);
    // Nor MUI or emotion (docs/performance.md): the page is plain React with the brand's CSS variables.
    expect(loaded.filter((code) => code.includes('MuiButtonBase') || code.includes('data-emotion'))).toEqual([]);
    await page.getByLabel('Nome').fill('Ana Ribeiro');
    await page.getByLabel('E-mail').fill('ana@transportadora.com.br');
    await page.getByLabel('Mensagem').fill('Gostaria de conhecer o serviço de escolta para cargas farmacêuticas.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.getByText(CONTACT_SENT).waitFor();
    const mail = await waitForMail(e2e.server.dataDir, COMPANY.email, before);
    expect(mail.text).toContain('Gostaria de conhecer o serviço de escolta para cargas farmacêuticas.');
    expect(mail.text).toContain('ana@transportadora.com.br');
    await page.close();
  });
});
