/**
 * The login screen over the real server (contractHarness.tsx's injectFetch as the global fetch the
 * app's own auth provider uses), with the demo accounts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authProvider } from '../../src/authProvider/authProvider';
import { session, TOKEN_KEY, USER_KEY } from '../../src/authProvider/session';
import { LoginPage } from '../../src/custom/LoginPage';
import { DEMO_PASSWORD, type TestApp } from '../server/helpers';
import { jsonResponse, ROLES } from './authTestUtils';
import { renderAt } from './publicHarness';
import { servePublicScreens, type RecordedFetch } from './publicServer';

let t: TestApp;
let server: RecordedFetch;
servePublicScreens((app, fetch) => {
  t = app;
  server = fetch;
});

const renderLogin = (entry: Parameters<typeof renderAt>[0] = '/login') => renderAt(entry, { '/login': <LoginPage /> });

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('/login', () => {
  it('shows the required messages and sends nothing when fields are empty', async () => {
    renderLogin();
    await submit('', '');
    expect(await screen.findByText('Preencha o e-mail')).toBeInTheDocument();
    expect(screen.getByText('Preencha a senha')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('rejects a malformed e-mail', async () => {
    renderLogin();
    await submit('gestor@demo', DEMO_PASSWORD);
    expect(await screen.findByText('Formato de e-mail inválido')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('maps a 401 invalid credentials answer to "Usuário ou senha inválidos"', async () => {
    const { calls } = server;
    renderLogin();
    await submit('gestor@demo.com.br', 'errada');
    expect(await screen.findByText('Usuário ou senha inválidos')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/', method: 'POST', body: { username: 'gestor@demo.com.br', password: 'errada' } });
    expect(calls[0]?.headers.has('x-access-token')).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('maps a 500 to the generic login text, and a 429 to the wait text', async () => {
    // A failing server cannot be had on cue from the real one: this one answer is simulated.
    server.failNext('/api/auth/', jsonResponse(500, { error: 'Unknown error' }));
    renderLogin();
    await submit('gestor@demo.com.br', DEMO_PASSWORD);
    expect(await screen.findByText('Não foi possível realizar o login, tente novamente mais tarde')).toBeInTheDocument();
    expect(screen.queryByText('Usuário ou senha inválidos')).not.toBeInTheDocument();

    // Five wrong passwords from this address lock the account for it (docs/rules/sign-in.md).
    for (let i = 0; i < 5; i++) {
      const guess = await t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: 'gestor@demo.com.br', password: `Errada${i}` } });
      expect(guess.statusCode).toBe(401);
    }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entrar' }));
    // The app's one 429 text (src/domain/messages.ts TOO_MANY_ATTEMPTS), the same as the wizard's.
    expect(await screen.findByText('Muitas tentativas. Aguarde alguns minutos e tente novamente.')).toBeInTheDocument();
  });

  it('a refused login’s error toast goes once the user gets in', async () => {
    renderLogin();
    await submit('gestor@demo.com.br', 'errada');
    expect(await screen.findByText('Usuário ou senha inválidos')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Senha'));
    await user.type(screen.getByLabelText('Senha'), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
    expect(screen.queryByText('Usuário ou senha inválidos')).toBeNull();
  });

  it('logs in: stores the session and goes to /home', async () => {
    renderLogin();
    await submit('gestor@demo.com.br', DEMO_PASSWORD);
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
    const token = window.localStorage.getItem(TOKEN_KEY);
    expect(JSON.parse(window.localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({ name: 'Gestor Demo', role: ROLES.gestor });
    expect(session.getState().user?.email).toBe('gestor@demo.com.br');
    // The stored token is the server's own: it opens the gestor's catalogue of causes.
    const causes = await t.app.inject({ method: 'GET', url: '/api/admin/causes', headers: { 'x-access-token': token ?? '' } });
    expect(causes.statusCode).toBe(200);
  });

  it('redirects to /home when already logged in', async () => {
    await authProvider.login({ username: 'operador@demo.com.br', password: DEMO_PASSWORD });
    renderLogin();
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument();
  });

  it('prefills the e-mail from the navigation state and keeps ?gr on the forgot-password link', () => {
    renderLogin({ pathname: '/login', search: '?gr=abc&x=1', state: { email: 'ti@demo.com.br' } });
    expect(screen.getByLabelText('E-mail')).toHaveValue('ti@demo.com.br');
    expect(screen.getByRole('link', { name: 'Esqueci a senha' })).toHaveAttribute('href', '/forget-password?gr=abc');
  });

  it('returns to the protected page that sent the user to log in', async () => {
    renderLogin({ pathname: '/login', state: { nextPathname: '/home/reports', nextSearch: '' } });
    await submit('gestor@demo.com.br', DEMO_PASSWORD);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home/reports|'));
  });
});
