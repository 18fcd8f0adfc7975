/**
 * Two-factor sign-in in the browser (docs/operations/two-factor.md): the operador turns it
 * on in 'Segurança da conta' (the code computed here from the manual key, as an authenticator app
 * would), logs out, logs in with the app's code, then with a recovery code.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generate } from 'otplib';
import { axeViolations } from './axe';
import { useE2eServer } from './harness';

const e2e = useE2eServer();
const EMAIL = 'operador@demo.com.br';

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
/** The app's code `steps` periods of 30 s from now (the server accepts the next step too). */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function logOut(page: Page) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Sair', { exact: true }).click();
  await page.waitForURL('**/login');
}

describe('two-factor sign-in', () => {
  test('set up with the manual key, then log in with the code and with a recovery code', async () => {
    const page = await e2e.newPage('two-factor');
    await e2e.submitLogin(page, EMAIL);
    await page.waitForURL('**/home/missions');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Segurança da conta', { exact: true }).click();
    await page.waitForURL('**/home/account/security');
    await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    await visible(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }));
    expect(await axeViolations(page)).toEqual([]);

    const secret = (await page.getByTestId('two-factor-key').innerText()).replace(/\s/g, '');
    await page.getByLabel('Código do aplicativo').fill(await appCode(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await visible(codes);
    expect(await codes.count()).toBe(10);
    const recoveryCode = await codes.first().innerText();
    expect(recoveryCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await visible(page.getByText('Restam 10 códigos de recuperação.'));

    await logOut(page);
    await e2e.submitLogin(page, EMAIL);
    // The code used to confirm cannot be replayed: the next step's code, which the server accepts.
    await page.getByLabel('Código do aplicativo').fill(await appCode(secret, 1));
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/home/missions');

    await logOut(page);
    await e2e.submitLogin(page, EMAIL);
    await page.getByRole('button', { name: 'Usar código de recuperação' }).click();
    await page.getByLabel('Código de recuperação').fill(recoveryCode);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/home/missions');
    await page.close();
  });
});
