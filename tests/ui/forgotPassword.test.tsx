import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage, RESEND_COUNTDOWN_SECONDS } from '../../src/custom/ForgotPasswordPage';
import { LoginPage } from '../../src/custom/LoginPage';
import { notify } from '../../src/layout/notify';
import { jsonResponse, mockFetch, resetSession, type FetchCall } from './authTestUtils';
import { renderAt } from './publicHarness';

beforeEach(() => resetSession());
afterEach(() => notify.dismiss());

const EMAIL = 'operador@demo.com.br';

const renderWizard = () =>
  renderAt('/forget-password?gr=brand1', { '/forget-password': <ForgotPasswordPage />, '/login': <LoginPage /> });

const button = (name: string) => screen.getByRole('button', { name });

/** Server double: answers by path; `overrides` take precedence per path. */
function fakeAuthServer(overrides: Record<string, (call: FetchCall) => Response> = {}) {
  return mockFetch((call) => {
    const path = call.url.replace('/api/auth', '');
    if (overrides[path]) return overrides[path](call);
    if (path === '/forget') return jsonResponse(200, { message: 'ok' });
    if (path === '/forget/validate') return jsonResponse(200, { valid: true });
    if (path === '/forget/reset') return jsonResponse(200, { message: 'ok' });
    return jsonResponse(404, { error: 'not found' });
  });
}

describe('/forget-password wizard', () => {
  it('walks the three steps with Avançar/Finalizar/Voltar, sends the right bodies and lands on /login with the e-mail', async () => {
    let validateOk = false;
    const { calls } = fakeAuthServer({
      '/forget/validate': () => (validateOk ? jsonResponse(200, { valid: true }) : jsonResponse(400, { error: 'invalid reset code' })),
    });
    const user = userEvent.setup();
    renderWizard();

    // Step 0: e-mail.
    expect(button('Avançar')).toBeInTheDocument();
    await user.click(button('Avançar'));
    expect(await screen.findByText('Preencha o e-mail')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'operador@demo');
    await user.click(button('Avançar'));
    expect(await screen.findByText('Formato de e-mail inválido')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), EMAIL);
    await user.click(button('Avançar'));
    expect(await screen.findByText('Código de verificação enviado com sucesso')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/auth/forget', method: 'POST', body: { email: EMAIL } });
    expect(calls[0]?.headers.has('x-access-token')).toBe(false);

    // Step 1: code.
    const code = await screen.findByLabelText('Código de verificação');
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(button('Avançar'));
    expect(await screen.findByText('Código inválido')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await user.type(code, '456');
    await user.click(button('Avançar'));
    expect(await screen.findByText('Código de verificação inválido')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ url: '/api/auth/forget/validate', body: { email: EMAIL, resetCode: '123456' } });
    expect(screen.getByLabelText('Código de verificação')).toBeInTheDocument();

    validateOk = true;
    await waitFor(() => expect(button('Avançar')).toBeEnabled());
    await user.click(button('Avançar'));

    // Step 2: new password; Voltar goes back one step and keeps the code.
    expect(await screen.findByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avançar' })).not.toBeInTheDocument();
    await user.click(button('Voltar'));
    expect(screen.getByLabelText('Código de verificação')).toHaveValue('123456');
    await user.click(button('Avançar'));
    await screen.findByRole('button', { name: 'Finalizar' });

    await user.click(button('Finalizar'));
    expect(await screen.findByText('Preencha a nova senha')).toBeInTheDocument();
    expect(screen.getByText('Confirme a nova senha')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nova senha'), 'NovaSenha@1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'OutraSenha@1');
    await user.click(button('Finalizar'));
    expect(await screen.findByText('As senhas preenchidas devem ser iguais')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/reset'))).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirmar nova senha'));
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'NovaSenha@1');
    await user.click(button('Finalizar'));

    expect(await screen.findByText('Senha resetada com sucesso')).toBeInTheDocument();
    const reset = calls.find((c) => c.url === '/api/auth/forget/reset');
    expect(reset).toMatchObject({ method: 'POST', body: { email: EMAIL, resetCode: '123456', password: 'NovaSenha@1' } });
    // On /login (brand kept) with the e-mail prefilled.
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue(EMAIL);
  });

  it('Voltar on step 0 goes to /login', async () => {
    const user = userEvent.setup();
    renderAt('/forget-password?gr=brand1', { '/forget-password': <ForgotPasswordPage /> });
    await user.click(button('Voltar'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?gr=brand1|');
  });

  it('shows the error toast when the code cannot be sent, and stays on step 0', async () => {
    fakeAuthServer({ '/forget': () => jsonResponse(500, { error: 'Unknown error' }) });
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText('E-mail'), EMAIL);
    await user.click(button('Avançar'));
    expect(await screen.findByText('Ocorreu um erro ao tentar enviar o código de verificação...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de verificação')).not.toBeInTheDocument();
  });

  it('refuses a new password under 8 characters before calling the server (the shared rule)', async () => {
    const { calls } = fakeAuthServer();
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText('E-mail'), EMAIL);
    await user.click(button('Avançar'));
    await user.type(await screen.findByLabelText('Código de verificação'), '654321');
    await user.click(button('Avançar'));
    await user.type(await screen.findByLabelText('Nova senha'), 'Curta@1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'Curta@1');
    await user.click(button('Finalizar'));
    expect(await screen.findByText('A senha deve ter ao menos 8 caracteres')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/forget/reset'))).toBe(false);
    expect(button('Finalizar')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the new password, and the generic text otherwise", async () => {
    let serverDown = false;
    fakeAuthServer({
      '/forget/reset': () =>
        serverDown
          ? jsonResponse(500, { error: 'Unknown error' })
          : jsonResponse(400, {
              errors: [{ code: 'too_small', path: 'password', message: 'Senha recusada pelo servidor' }],
            }),
    });
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText('E-mail'), EMAIL);
    await user.click(button('Avançar'));
    await user.type(await screen.findByLabelText('Código de verificação'), '654321');
    await user.click(button('Avançar'));
    await user.type(await screen.findByLabelText('Nova senha'), 'Longa@123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'Longa@123');
    await user.click(button('Finalizar'));
    expect(await screen.findByText('Senha recusada pelo servidor')).toBeInTheDocument();
    expect(button('Finalizar')).toBeInTheDocument();

    serverDown = true;
    await waitFor(() => expect(button('Finalizar')).toBeEnabled());
    await user.click(button('Finalizar'));
    expect(await screen.findByText('Não foi possível realizar o reset da sua senha, tente novamente mais tarde')).toBeInTheDocument();
  });

  it("'Reenviar código' waits for a 60 s countdown that runs once, then sends the code again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { calls } = fakeAuthServer();
    renderWizard();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: EMAIL } });
    fireEvent.click(button('Avançar'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const resend = screen.getByRole('button', { name: 'Reenviar código' });
    expect(RESEND_COUNTDOWN_SECONDS).toBe(60);
    expect(screen.getByText('disponível em 60s')).toBeInTheDocument();
    expect(resend).toBeDisabled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.getByText('disponível em 1s')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByText(/disponível em/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();

    fireEvent.click(resend);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.filter((c) => c.url === '/api/auth/forget')).toHaveLength(2);
    // Runs once: no new countdown after a resend.
    expect(screen.queryByText(/disponível em/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Código de verificação enviado com sucesso')).toHaveLength(1);
    expect(resend).toBeEnabled();
  });
});
