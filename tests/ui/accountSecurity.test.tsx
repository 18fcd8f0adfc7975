/**
 * 'Segurança da conta' over the real server (contractHarness.tsx): turning the authenticator app on,
 * where a wrong code's error toast must go once the right code is accepted.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AccountSecurityPage from '../../src/custom/twoFactor/AccountSecurityPage';
import { createTwoFactorApi } from '../../src/dataProvider/twoFactorApi';
import { TWO_FACTOR_MESSAGES } from '../../src/domain/twoFactor';
import { getToasts, notify } from '../../src/layout/notify';
import { createTestApp, type TestApp } from '../server/helpers';
import { resetSession } from './authTestUtils';
import { signIn } from './contractHarness';
import { renderAt } from './publicHarness';

const ACCOUNT_SECURITY_PATH = '/home/account/security';

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

const errorToasts = () => getToasts().filter((toast) => toast.type === 'error').map((toast) => toast.message);

describe('Segurança da conta: turning the second factor on', () => {
  it("a wrong code's error toast goes when the right code is accepted and the recovery codes show", async () => {
    const { httpClient } = await signIn(t.app, 'operador@demo.com.br');
    const user = userEvent.setup();
    renderAt(ACCOUNT_SECURITY_PATH, { [ACCOUNT_SECURITY_PATH]: <AccountSecurityPage api={createTwoFactorApi(httpClient)} /> });

    await user.click(await screen.findByRole('button', { name: 'Ativar verificação em duas etapas' }));
    const secret = (await screen.findByTestId('two-factor-key')).textContent.replace(/\s/g, '');
    const right = await generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) });

    await user.type(screen.getByLabelText('Código do aplicativo'), right === '000000' ? '000001' : '000000');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(errorToasts()).toEqual([TWO_FACTOR_MESSAGES.invalidCode]));

    await user.type(screen.getByLabelText('Código do aplicativo'), right);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(/Verificação em duas etapas ativada/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Já guardei os códigos' })).toBeInTheDocument();
    expect(errorToasts()).toEqual([]);
  });
});
