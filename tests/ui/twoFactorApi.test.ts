/**
 * The two-factor client (src/dataProvider/twoFactorApi.ts) against the real server: each call's
 * path, body and answer, as the 'Segurança da conta' page and the users screen use them.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isHttpError } from '../../src/dataProvider/HttpError';
import { createTwoFactorApi } from '../../src/dataProvider/twoFactorApi';
import { TWO_FACTOR_MESSAGES } from '../../src/domain/twoFactor';
import { DEMO_USERS } from '../../server/demo/seed';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { defined } from '../defined';
import { tokenClient } from './contractHarness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.reset());

const apiFor = async (email: string) => {
  const token = await login(t.app, email);
  return createTwoFactorApi(tokenClient(t.app, token));
};
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) + steps * 30 });

describe('twoFactorApi', () => {
  it('sets up, confirms, disables; the policy and the reset go through the same client', async () => {
    const operador = await apiFor('operador@demo.com.br');
    expect(await operador.status()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0, policy: null });
    const { secret } = await operador.setup();
    const codes = await operador.confirm(await totp(secret));
    expect(codes).toHaveLength(10);
    expect((await operador.status()).enabled).toBe(true);
    const refused = await operador.disable('000000').catch((e: unknown) => e);
    expect(isHttpError(refused) && refused.apiError).toEqual({ kind: 'generic_error', message: TWO_FACTOR_MESSAGES.invalidCode });
    await operador.disable(defined(codes[0], 'recovery code'));
    expect((await operador.status()).enabled).toBe(false);

    // Opened before the requirement, which the gestor's next login would have to meet.
    const gestor = await apiFor('gestor@demo.com.br');
    const ti = await apiFor('ti@demo.com.br');
    expect((await ti.setPolicy(true)).policy).toEqual({ requireForAdminAndTi: true });

    await operador.confirm(await totp((await operador.setup()).secret, 1));
    const operadorId = defined(DEMO_USERS.find((u) => u.email === 'operador@demo.com.br'), 'operador').id;
    await gestor.resetUser(operadorId);
    expect((await operador.status()).enabled).toBe(false);
  });
});
