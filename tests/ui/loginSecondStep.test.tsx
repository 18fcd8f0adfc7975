/**
 * The login screen's second step over the real server (contractHarness.tsx): an account whose
 * login budget was spent by guesses from other addresses (docs/rules/sign-in.md) signs in
 * with its password and the code the server e-mailed.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/authProvider/authProvider';
import { SECOND_STEP_TEXTS } from '../../src/authProvider/messages';
import { session, TOKEN_KEY } from '../../src/authProvider/session';
import { LoginPage } from '../../src/custom/LoginPage';
import { createAuthApi } from '../../src/dataProvider/authApi';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { notify } from '../../src/layout/notify';
import { LOGIN_BUDGET } from '../../server/auth/loginBudget';
import { LOGIN_CODE_SUBJECT } from '../../server/auth/authMails';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../server/helpers';
import { defined } from '../defined';
import { resetSession } from './authTestUtils';
import { injectFetch } from './contractHarness';
import { renderAt } from './publicHarness';

const EMAIL = 'gestor@demo.com.br';
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

/** The login page with the app's session store, its calls answered by the real server. */
function renderLogin() {
  const client = createHttpClient({ fetch: injectFetch(t.app), sleep: () => Promise.resolve() });
  const auth = createAuthProvider({ session, api: createAuthApi(client) });
  renderAt('/login', { '/login': <LoginPage auth={auth} /> });
}

/** Others' wrong guesses, each from its own address, spend the account's whole budget. */
async function attackFromElsewhere() {
  for (let i = 0; i < LOGIN_BUDGET.capacity; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      payload: { username: EMAIL, password: `Errada${i}` },
      remoteAddress: `10.8.0.${i + 1}`,
    });
    expect(response.statusCode).toBe(401);
  }
}

function mailedCode(): string {
  const mail = t.outbox.filter((m) => m.subject === LOGIN_CODE_SUBJECT).at(-1);
  return defined(mail?.text.match(/\b(\d{6})\b/)?.[1], 'mailed login code');
}

describe('/login second step: the e-mailed code', () => {
  it('asks for the code the server mailed, refuses a wrong one, signs in with the right one', async () => {
    await attackFromElsewhere();
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('E-mail'), EMAIL);
    await user.type(screen.getByLabelText('Senha'), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText(SECOND_STEP_TEXTS.emailCode.explanation)).toBeInTheDocument();
    expect(SECOND_STEP_TEXTS.emailCode.explanation).toContain('enviamos um código para o seu e-mail');
    const codeField = screen.getByLabelText('Código de verificação');
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    const code = mailedCode();

    // Checked before sending: digits only, six of them.
    await user.type(codeField, '12a');
    expect(codeField).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Código inválido')).toBeInTheDocument();

    await user.clear(codeField);
    await user.type(codeField, String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Código de verificação inválido')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();

    await waitFor(() => expect(screen.getByLabelText('Código de verificação')).toHaveValue(''));
    await user.type(screen.getByLabelText('Código de verificação'), code);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
    expect(session.getState().user?.email).toBe(EMAIL);
  });

  it('goes back to the password with Voltar, and a wrong password reaches the same code step', async () => {
    await attackFromElsewhere();
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('E-mail'), EMAIL);
    await user.type(screen.getByLabelText('Senha'), 'Errada@2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    // The server answers a wrong password as a right one here: the code step, and no code sent.
    expect(await screen.findByLabelText('Código de verificação')).toBeInTheDocument();
    expect(t.outbox.filter((m) => m.subject === LOGIN_CODE_SUBJECT)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByLabelText('E-mail')).toHaveValue(EMAIL);
    await user.clear(screen.getByLabelText('Senha'));
    await user.type(screen.getByLabelText('Senha'), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await user.type(await screen.findByLabelText('Código de verificação'), mailedCode());
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
  });
});
