/**
 * The login screen's two-factor steps over the real server (contractHarness.tsx): the app's code
 * after the password, a recovery code instead, and the setup a risk manager requires of its
 * Administrador before the first login with it (docs/operations/two-factor.md).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/authProvider/authProvider';
import { SECOND_STEP_TEXTS, TWO_FACTOR_SETUP_TEXT } from '../../src/authProvider/messages';
import { session } from '../../src/authProvider/session';
import { LoginPage } from '../../src/custom/LoginPage';
import { createAuthApi } from '../../src/dataProvider/authApi';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '../../src/domain/twoFactor';
import { notify } from '../../src/layout/notify';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from '../server/helpers';
import { defined } from '../defined';
import { resetSession } from './authTestUtils';
import { injectFetch } from './contractHarness';
import { renderAt } from './publicHarness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  resetSession();
  await t.reset();
});
afterEach(() => notify.dismiss());

const totp = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) });

function renderLogin() {
  const client = createHttpClient({ fetch: injectFetch(t.app), sleep: () => Promise.resolve() });
  const auth = createAuthProvider({ session, api: createAuthApi(client) });
  renderAt('/login', { '/login': <LoginPage auth={auth} /> });
}

/** The operador's second factor turned on through the API; the next code is a step later. */
async function enable(email: string) {
  const headers = { 'x-access-token': await login(t.app, email) };
  const { secret } = (await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers })).json<TwoFactorSetup>();
  const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/confirm', headers, payload: { code: await totp(secret) } });
  t.clock.advance(30_000);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function typePassword(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), DEMO_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('/login with a second factor', () => {
  it("asks for the app's code after the password, refuses a wrong one, signs in with the right one", async () => {
    const { secret } = await enable('operador@demo.com.br');
    const user = userEvent.setup();
    renderLogin();
    await typePassword(user, 'operador@demo.com.br');
    expect(await screen.findByText(SECOND_STEP_TEXTS.twoFactorCode.explanation)).toBeInTheDocument();
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    const field = screen.getByLabelText('Código do aplicativo');

    await user.type(field, '12a');
    expect(field).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument();

    const right = await totp(secret);
    await user.clear(field);
    await user.type(field, right === '000000' ? '000001' : '000000');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(SECOND_STEP_TEXTS.twoFactorCode.invalid)).toBeInTheDocument();
    expect(session.getState().token).toBeNull();

    await user.type(screen.getByLabelText('Código do aplicativo'), right);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
    expect(session.getState().user?.email).toBe('operador@demo.com.br');
  });

  it('signs in with a recovery code after "Usar código de recuperação"', async () => {
    const { recoveryCodes } = await enable('operador@demo.com.br');
    const user = userEvent.setup();
    renderLogin();
    await typePassword(user, 'operador@demo.com.br');
    await user.click(await screen.findByRole('button', { name: 'Usar código de recuperação' }));
    await user.type(screen.getByLabelText('Código de recuperação'), defined(recoveryCodes[0], 'code').toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
  });

  it("sets up the factor the risk manager requires, shows the recovery codes once, then goes in", async () => {
    const headers = { 'x-access-token': await login(t.app, 'ti@demo.com.br') };
    await t.app.inject({ method: 'PUT', url: '/api/auth/two-factor/policy', headers, payload: { requireForAdminAndTi: true } });
    const user = userEvent.setup();
    renderLogin();
    await typePassword(user, 'gestor@demo.com.br');
    expect(await screen.findByText(TWO_FACTOR_SETUP_TEXT)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeInTheDocument();
    const secret = defined(screen.getByTestId('two-factor-key').textContent, 'key').replace(/\s/g, '');
    expect(screen.queryByRole('button', { name: 'Usar código de recuperação' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Código do aplicativo'), await totp(secret));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    // Held on the codes until the person says they are kept.
    expect(screen.queryByTestId('location')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
  });
});
