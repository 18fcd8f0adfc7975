import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  readOutbox, resetCodeOf, seededDataDir, spawnServer, startServer, stopServer, useE2eServer, waitForMail, freePort, DEMO_PASSWORD as PASSWORD,
} from './harness';

const e2e = useE2eServer();

/** The side menu (nav 'Menu principal'); the breadcrumb and page titles may repeat its labels. */
const menu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Menu principal' }).getByText(name, { exact: true });

describe('authentication in the browser', () => {
  test('gestor logs in, sees the menu, navigates and logs out', async () => {
    const page = await e2e.newPage('login-menu-logout');
    await e2e.submitLogin(page, 'gestor@demo.com.br', PASSWORD);
    await page.waitForURL('**/home/missions');

    for (const item of ['Missões', 'Administração', 'Relatórios', 'Sair']) await visible(menu(page, item));
    await visible(menu(page, 'Gestor Demo'));
    // A risk-manager admin has no Usuários entry (that is the ti profile's).
    expect(await menu(page, 'Usuários').count()).toBe(0);

    await menu(page, 'Administração').click();
    await page.waitForURL('**/home/admin');
    await menu(page, 'Relatórios').click();
    await page.waitForURL('**/home/reports');
    await menu(page, 'Missões').click();
    await page.waitForURL('**/home/missions');

    // A reload keeps the session (token and user are stored).
    await page.reload();
    await visible(menu(page, 'Gestor Demo'));

    await menu(page, 'Sair').click();
    await page.waitForURL('**/login');
    await visible(page.getByRole('button', { name: 'Entrar' }));
    // Logged out for real: the protected area sends the visitor back to /login.
    await page.goto(`${e2e.url}/home/missions`);
    await page.waitForURL('**/login');
    await page.close();
  });

  test('wrong password shows the product’s message and stays on /login', async () => {
    const page = await e2e.newPage('login-wrong-password');
    await e2e.submitLogin(page, 'gestor@demo.com.br', 'Errada@123');
    await visible(page.getByText('Usuário ou senha inválidos'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  test('resets a password through the wizard with the code from the outbox, then logs in with it', async () => {
    const page = await e2e.newPage('forget-password');
    const email = 'operador@demo.com.br';
    const newPassword = 'Nova@Senha9';
    await page.goto(`${e2e.url}/login`);
    await page.getByText('Esqueci a senha').click();
    await page.waitForURL('**/forget-password');
    // The URL changes before the lazily loaded wizard replaces the login form.
    await visible(page.getByRole('button', { name: 'Avançar' }));

    const before = readOutbox(e2e.server.dataDir).length;
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Avançar' }).click();
    await visible(page.getByTestId('toast').filter({ hasText: 'Código de verificação enviado com sucesso' }));
    const code = resetCodeOf(await waitForMail(e2e.server.dataDir, email, before));

    await visible(page.getByText('Reenviar código'));
    await page.getByLabel('Código de verificação').fill(code);
    await page.getByRole('button', { name: 'Avançar' }).click();

    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Finalizar' }).click();

    await visible(page.getByTestId('toast').filter({ hasText: 'Senha resetada com sucesso' }));
    await page.waitForURL('**/login');
    // Success carries the e-mail back to the login form.
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);

    await e2e.submitLogin(page, email, PASSWORD);
    await visible(page.getByText('Usuário ou senha inválidos'));
    await e2e.submitLogin(page, email, newPassword);
    await page.waitForURL('**/home/missions');
    await visible(menu(page, 'Operador Demo'));
    await page.close();
  });

  test('the wizard Voltar walks back a step, and from the first step to /login', async () => {
    const page = await e2e.newPage('forget-password-back');
    await page.goto(`${e2e.url}/forget-password`);
    await page.getByLabel('E-mail').fill('ti@demo.com.br');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await visible(page.getByText('Reenviar código'));
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await visible(page.getByLabel('E-mail'));
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await page.waitForURL('**/login');
    await page.close();
  });
});

describe('the server process', () => {
  test('a second server on the same DATA_DIR is refused with the lock message', async () => {
    const second = spawnServer(e2e.server.dataDir, await freePort());
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain('já está em uso por outro servidor');
    // The first server is unharmed.
    expect((await fetch(`${e2e.url}/api/health`)).status).toBe(200);
  });

  test('a SIGTERM during the start waits for it, then stops cleanly: exit 0, no lock or control socket left', async () => {
    const dataDir = seededDataDir();
    try {
      const starting = spawnServer(dataDir, await freePort());
      // The lock is taken early in the start, before the database opens, the app listens or the socket exists.
      const deadline = Date.now() + 60_000;
      while (!existsSync(join(dataDir, 'server.lock')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      starting.child.kill('SIGTERM');
      expect(await starting.exited).toBe(0);
      expect(starting.output()).toContain('Parada pedida');
      expect(readdirSync(dataDir)).not.toContain('server.lock');
      expect(readdirSync(dataDir)).not.toContain('control.sock');
      // The database was closed, not cut mid-write: it starts again and answers.
      const again = await startServer(dataDir);
      expect((await fetch(`${again.url}/api/ready`)).status).toBe(200);
      expect(await stopServer(again)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('SIGTERM stops it cleanly and a restart on the same DATA_DIR keeps the data', async () => {
    const email = 'prestador@demo.com.br';
    const newPassword = 'Outra@Senha7';
    const api = (path: string, body: unknown) =>
      fetch(`${e2e.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const before = readOutbox(e2e.server.dataDir).length;
    expect((await api('/forget', { email })).ok).toBe(true);
    const resetCode = resetCodeOf(await waitForMail(e2e.server.dataDir, email, before));
    expect((await api('/forget/reset', { email, resetCode, password: newPassword })).ok).toBe(true);

    expect(await e2e.restart()).toBe(0);

    const page = await e2e.newPage('restart-keeps-data');
    await e2e.submitLogin(page, email, newPassword);
    await page.waitForURL('**/home/missions');
    await visible(menu(page, 'Prestador Demo'));
    await page.close();
  });
});

/** Waits for the locator to be visible (Playwright's own wait, so slow renders do not flake). */
async function visible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
