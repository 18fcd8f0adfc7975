/**
 * The /forget-password wizard over the real server (contractHarness.tsx's injectFetch as the global
 * fetch the app's own auth API uses): the code is the one the server e-mailed.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESET_MAIL_SUBJECT } from '../../server/auth/authMails';
import { ForgotPasswordPage, RESEND_COUNTDOWN_SECONDS } from '../../src/custom/ForgotPasswordPage';
import { AUTH_MESSAGES } from '../../src/authProvider/messages';
import { LoginPage } from '../../src/custom/LoginPage';
import { login, type TestApp } from '../server/helpers';
import { defined } from '../defined';
import { jsonResponse } from './authTestUtils';
import { renderAt } from './publicHarness';
import { servePublicScreens, type RecordedFetch } from './publicServer';

const EMAIL = 'operador@demo.com.br';

let t: TestApp;
let server: RecordedFetch;
servePublicScreens((app, fetch) => {
  t = app;
  server = fetch;
});

const renderWizard = () =>
  renderAt('/forget-password?gr=brand1', { '/forget-password': <ForgotPasswordPage />, '/login': <LoginPage /> });

const button = (name: string) => screen.getByRole('button', { name });

/** The code of the last reset e-mail the server sent. */
function mailedCode(): string {
  const mail = t.outbox.filter((m) => m.subject === RESET_MAIL_SUBJECT).at(-1);
  return defined(mail?.text.match(/\b(\d{6})\b/)?.[1], 'mailed reset code');
}

/** Step 0 and 1 with the e-mailed code, up to the new password. */
async function reachNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('E-mail'), EMAIL);
  await user.click(button('Avançar'));
  await user.type(await screen.findByLabelText('Código de verificação'), mailedCode());
  await user.click(button('Avançar'));
}

describe('/forget-password wizard', () => {
  it('walks the three steps with Avançar/Finalizar/Voltar, sends the right bodies and lands on /login with the e-mail', async () => {
    const { calls } = server;
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
    const sent = mailedCode();
    // A code the server did not send, starting with the 123 typed first.
    const wrong = sent === '123456' ? '123457' : '123456';
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(button('Avançar'));
    expect(await screen.findByText('Código inválido')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await user.type(code, wrong.slice(3));
    await user.click(button('Avançar'));
    expect(await screen.findByText('Código de verificação inválido')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ url: '/api/auth/forget/validate', body: { email: EMAIL, resetCode: wrong } });
    expect(screen.getByLabelText('Código de verificação')).toBeInTheDocument();

    await waitFor(() => expect(button('Avançar')).toBeEnabled());
    await user.clear(screen.getByLabelText('Código de verificação'));
    await user.type(screen.getByLabelText('Código de verificação'), sent);
    await user.click(button('Avançar'));

    // Step 2: new password; Voltar goes back one step and keeps the code.
    expect(await screen.findByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avançar' })).not.toBeInTheDocument();
    await user.click(button('Voltar'));
    expect(screen.getByLabelText('Código de verificação')).toHaveValue(sent);
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
    expect(reset).toMatchObject({ method: 'POST', body: { email: EMAIL, resetCode: sent, password: 'NovaSenha@1' } });
    // On /login (brand kept) with the e-mail prefilled.
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue(EMAIL);
    // The server took the new password.
    await expect(login(t.app, EMAIL, 'NovaSenha@1')).resolves.toEqual(expect.any(String));
  });

  it('Voltar on step 0 goes to /login', async () => {
    const user = userEvent.setup();
    renderAt('/forget-password?gr=brand1', { '/forget-password': <ForgotPasswordPage /> });
    await user.click(button('Voltar'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?gr=brand1|');
  });

  it('shows the error toast when the code cannot be sent, and stays on step 0', async () => {
    // A failing server cannot be had on cue from the real one: this one answer is simulated.
    server.failNext('/api/auth/forget', jsonResponse(500, { error: 'Unknown error' }));
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText('E-mail'), EMAIL);
    await user.click(button('Avançar'));
    expect(await screen.findByText('Ocorreu um erro ao tentar enviar o código de verificação...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de verificação')).not.toBeInTheDocument();
  });

  it('refuses a new password under 8 characters before calling the server (the shared rule)', async () => {
    const { calls } = server;
    const user = userEvent.setup();
    renderWizard();
    await reachNewPassword(user);
    await user.type(await screen.findByLabelText('Nova senha'), 'Curta@1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'Curta@1');
    await user.click(button('Finalizar'));
    expect(await screen.findByText('A senha deve ter ao menos 8 caracteres')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/forget/reset'))).toBe(false);
    expect(button('Finalizar')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the new password, and the generic text otherwise", async () => {
    const user = userEvent.setup();
    renderWizard();
    await reachNewPassword(user);
    // The server checks the shared rule the form checks first, so it never refuses a password the
    // form let through: its refusal is simulated, as is the failure after it.
    server.failNext(
      '/api/auth/forget/reset',
      jsonResponse(400, { errors: [{ code: 'too_small', path: 'password', message: 'Senha recusada pelo servidor' }] }),
    );
    await user.type(await screen.findByLabelText('Nova senha'), 'Longa@123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'Longa@123');
    await user.click(button('Finalizar'));
    expect(await screen.findByText('Senha recusada pelo servidor')).toBeInTheDocument();
    expect(button('Finalizar')).toBeInTheDocument();

    server.failNext('/api/auth/forget/reset', jsonResponse(500, { error: 'Unknown error' }));
    await waitFor(() => expect(button('Finalizar')).toBeEnabled());
    await user.click(button('Finalizar'));
    expect(await screen.findByText('Não foi possível realizar o reset da sua senha, tente novamente mais tarde')).toBeInTheDocument();

    // The third try succeeds: the error toast does not stay over the success.
    await waitFor(() => expect(button('Finalizar')).toBeEnabled());
    await user.click(button('Finalizar'));
    expect(await screen.findByText(AUTH_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível realizar o reset da sua senha, tente novamente mais tarde')).toBeNull();
    // The code's success toast of step 0 may still be showing, depending on how fast the steps ran.
    const toasts = screen.getAllByTestId('toast').map((t) => t.textContent);
    expect(toasts).toContain(AUTH_MESSAGES.passwordReset);
    expect(toasts).not.toContain('Não foi possível realizar o reset da sua senha, tente novamente mais tarde');
  });

  it("'Reenviar código' waits for a 60 s countdown that runs once, then sends the code again", async () => {
    // The screen's clocks only (its countdown and the toasts' timers): the server's answers still
    // take their real turns, awaited with `answered`.
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { calls } = server;
    const answered = () =>
      act(async () => {
        await server.settled();
        await vi.advanceTimersByTimeAsync(0);
      });
    renderWizard();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: EMAIL } });
    fireEvent.click(button('Avançar'));
    await answered();
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

    t.clock.advance(60_000);
    fireEvent.click(resend);
    await answered();
    expect(calls.filter((c) => c.url === '/api/auth/forget')).toHaveLength(2);
    // The server sent a second code, which replaces the first.
    expect(t.outbox.filter((m) => m.subject === RESET_MAIL_SUBJECT)).toHaveLength(2);
    // Runs once: no new countdown after a resend.
    expect(screen.queryByText(/disponível em/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Código de verificação enviado com sucesso')).toHaveLength(1);
    expect(resend).toBeEnabled();
  });
});
