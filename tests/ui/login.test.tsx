import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session, TOKEN_KEY, USER_KEY } from '../../src/authProvider/session';
import { LoginPage } from '../../src/custom/LoginPage';
import { notify } from '../../src/layout/notify';
import { claimsFor, jsonResponse, makeToken, mockFetch, resetSession, ROLES, storeSession } from './authTestUtils';
import { renderAt } from './publicHarness';

beforeEach(() => resetSession());
afterEach(() => notify.dismiss());

const renderLogin = (entry: Parameters<typeof renderAt>[0] = '/login') => renderAt(entry, { '/login': <LoginPage /> });

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('/login', () => {
  it('shows the required messages and sends nothing when fields are empty', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    renderLogin();
    await submit('', '');
    expect(await screen.findByText('Preencha o e-mail')).toBeInTheDocument();
    expect(screen.getByText('Preencha a senha')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('rejects a malformed e-mail', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    renderLogin();
    await submit('gestor@demo', 'Demo@123');
    expect(await screen.findByText('Formato de e-mail inválido')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('maps a 401 invalid credentials answer to "Usuário ou senha inválidos"', async () => {
    const { calls } = mockFetch(() => jsonResponse(401, { error: 'invalid credentials' }));
    renderLogin();
    await submit('gestor@demo.com.br', 'errada');
    expect(await screen.findByText('Usuário ou senha inválidos')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/', method: 'POST', body: { username: 'gestor@demo.com.br', password: 'errada' } });
    expect(calls[0]?.headers.has('x-access-token')).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('maps a 500 to the generic login text, and a 429 to the wait text', async () => {
    mockFetch(() => jsonResponse(500, { error: 'Unknown error' }));
    renderLogin();
    await submit('gestor@demo.com.br', 'Demo@123');
    expect(await screen.findByText('Não foi possível realizar o login, tente novamente mais tarde')).toBeInTheDocument();
    expect(screen.queryByText('Usuário ou senha inválidos')).not.toBeInTheDocument();

    mockFetch(() => jsonResponse(429, { error: 'too many attempts' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entrar' }));
    // The app's one 429 text (src/domain/messages.ts TOO_MANY_ATTEMPTS), the same as the wizard's.
    expect(await screen.findByText('Muitas tentativas. Aguarde alguns minutos e tente novamente.')).toBeInTheDocument();
  });

  it('logs in: stores the session and goes to /home', async () => {
    const claims = claimsFor(ROLES.gestor);
    mockFetch(() => jsonResponse(200, { token: makeToken(claims) }));
    renderLogin();
    await submit('gestor@demo.com.br', 'Demo@123');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home|');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(makeToken(claims));
    expect(JSON.parse(window.localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({ name: claims.name, role: ROLES.gestor });
    expect(session.getState().user?.email).toBe(claims.email);
  });

  it('redirects to /home when already logged in', async () => {
    storeSession(ROLES.operador);
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
    mockFetch(() => jsonResponse(200, { token: makeToken(claimsFor(ROLES.gestor)) }));
    renderLogin({ pathname: '/login', state: { nextPathname: '/home/reports', nextSearch: '' } });
    await submit('gestor@demo.com.br', 'Demo@123');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home/reports|'));
  });
});
