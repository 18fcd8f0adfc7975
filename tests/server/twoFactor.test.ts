/**
 * Two-factor sign-in (docs/operations/two-factor.md; server/auth/twoFactor.ts): setup and
 * confirmation, the login's code step, replay, limits, recovery codes, the risk manager's setting,
 * the forgot-password flow, and the audited admin reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { auditLog, riskManagers, twoFactorRecoveryCodes, twoFactorSecrets } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_USERS } from '../../server/demo/seed';
import { RESET_MAIL_SUBJECT } from '../../server/auth/authMails';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '../../src/domain/twoFactor';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE, maxLength } from '../../src/domain/messages';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './helpers';
import { defined } from '../defined';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());
/** Entries of earlier tests: the trail is append-only, so each test looks only at its own. */
let auditedBefore = new Set<string>();
beforeEach(async () => {
  await t.reset();
  auditedBefore = new Set((await t.database.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id));
});

const userId = (email: string) => defined(DEMO_USERS.find((u) => u.email === email), email).id;
const CODE_REQUIRED = { error: 'two factor code required' };
const INVALID_CODE = { error: 'invalid two factor code' };
const SETUP_REQUIRED = { error: 'two factor setup required' };

/** The app's code at the server's clock, `steps` periods of 30 s later. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) + steps * 30 });

const postLogin = (email: string, extra: Record<string, unknown> = {}, remoteAddress = '127.0.0.1', password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: email, password, ...extra }, remoteAddress });

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/auth/two-factor${url}`, headers: { 'x-access-token': token }, ...(payload === undefined ? {} : { payload }) });

/** Turns the second factor on for a demo user through the API, as the 'Segurança da conta' page does. */
async function enable(email: string) {
  const token = await login(t.app, email);
  const setup = await call(token, 'POST', '/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, qrSvg, otpauthUrl } = setup.json<TwoFactorSetup>();
  expect(qrSvg).toMatch(/^<svg/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirmed = await call(token, 'POST', '/confirm', { code: await totp(secret) });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  // The confirming code's step is used: the next login needs the next code.
  t.clock.advance(30_000);
  return { token, secret, recoveryCodes };
}

/** The audit trail's two-factor entries written since the test began (Administração → Auditoria). */
const securityEvents = async () =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'twoFactor')).orderBy(asc(auditLog.at)))
    .filter((row) => !auditedBefore.has(row.id))
    .map((row) => ({ type: row.action, actorId: row.actorId, subjectId: row.recordId }));

describe('setup and confirmation', () => {
  it('stores the secret encrypted, answers it only at setup, and gives 10 distinct recovery codes stored hashed', async () => {
    const { token, secret, recoveryCodes } = await enable('operador@demo.com.br');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);

    const [row] = await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId('operador@demo.com.br')));
    expect(row?.secretCipher).toBeDefined();
    expect(row?.secretCipher).not.toContain(secret);
    const hashes = await t.database.db.select().from(twoFactorRecoveryCodes);
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) for (const code of recoveryCodes) expect(codeHash).not.toContain(code.replace('-', ''));

    const status = await call(token, 'GET', '/');
    expect(status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10, policy: null });
    expect(status.body).not.toContain(secret);
    // Enabled: no new secret is handed out (turn it off first).
    expect((await call(token, 'POST', '/setup')).json()).toEqual({ error: TWO_FACTOR_MESSAGES.alreadyEnabled });
    expect(await securityEvents()).toEqual([expect.objectContaining({ type: 'twoFactorEnabled', subjectId: userId('operador@demo.com.br') })]);
  });

  it('refuses a wrong confirming code and a confirmation without setup', async () => {
    const token = await login(t.app, 'operador@demo.com.br');
    expect((await call(token, 'POST', '/confirm', { code: '123456' })).json()).toEqual({ error: TWO_FACTOR_MESSAGES.noSetup });
    const { secret } = (await call(token, 'POST', '/setup')).json<TwoFactorSetup>();
    const wrong = await call(token, 'POST', '/confirm', { code: await totp(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: TWO_FACTOR_MESSAGES.invalidCode });
    // Unconfirmed: the login does not ask for it.
    expect((await postLogin('operador@demo.com.br')).statusCode).toBe(200);
  });

  it('answers 400 in Portuguese to bad input, changing nothing', async () => {
    const token = await login(t.app, 'operador@demo.com.br');
    await call(token, 'POST', '/setup');
    for (const [payload, message] of [
      [{ code: 123456 }, INVALID_TYPE],
      [{ code: '12\u000056' }, CONTROL_CHARACTERS_NOT_ALLOWED],
      [{ code: '1'.repeat(13) }, maxLength(12)],
    ] as const) {
      const response = await call(token, 'POST', '/confirm', payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    const policy = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/two-factor/policy',
      headers: { 'x-access-token': await login(t.app, 'gestor@demo.com.br') },
      payload: { requireForAdminAndTi: 'sim' },
    });
    expect(policy.statusCode).toBe(400);
    expect(policy.body).toContain(INVALID_TYPE);
    expect((await call(token, 'GET', '/')).json<TwoFactorStatus>().enabled).toBe(false);
    const [rm] = await t.database.db.select().from(riskManagers).where(eq(riskManagers.id, DEMO_IDS.riskManager));
    expect(rm?.requireTwoFactor).toBe(false);
  });
});

describe('login with the second factor', () => {
  it('asks for the code after a right password only, signs in with it, and refuses it replayed in its window', async () => {
    const { secret } = await enable('operador@demo.com.br');
    expect((await postLogin('operador@demo.com.br', {}, '127.0.0.1', 'Errada@2026')).json()).toEqual({ error: 'invalid credentials' });
    expect((await postLogin('operador@demo.com.br')).json()).toEqual(CODE_REQUIRED);
    const code = await totp(secret);
    const signedIn = await postLogin('operador@demo.com.br', { twoFactorCode: code });
    expect(signedIn.statusCode).toBe(200);
    expect(Object.keys(signedIn.json())).toEqual(['token']);
    // Replayed, even a second later in the same 30 s window: refused.
    t.clock.advance(1000);
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: code })).json()).toEqual(INVALID_CODE);
    // A wrong password with a right code tells nothing and uses nothing.
    t.clock.advance(30_000);
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: await totp(secret) }, '127.0.0.1', 'Errada@2026')).json()).toEqual({
      error: 'invalid credentials',
    });
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: await totp(secret) })).statusCode).toBe(200);
  });

  it('accepts the code of the step before (clock drift) but not two steps off', async () => {
    const { secret } = await enable('operador@demo.com.br');
    t.clock.advance(30_000);
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: await totp(secret, 3) })).json()).toEqual(INVALID_CODE);
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: await totp(secret, -1) })).statusCode).toBe(200);
  });

  it('holds codes to the limits of passwords: the 6th try in 15 minutes is refused with 429, even a right one', async () => {
    const { secret } = await enable('operador@demo.com.br');
    for (let i = 0; i < 5; i++) {
      expect((await postLogin('operador@demo.com.br', { twoFactorCode: String(100000 + i) })).json()).toEqual(INVALID_CODE);
    }
    const limited = await postLogin('operador@demo.com.br', { twoFactorCode: await totp(secret) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Asking for the step is no failure: the owner's own logins do not fill the window.
    t.clock.advance(15 * 60 * 1000 + 1000);
    for (let i = 0; i < 8; i++) expect((await postLogin('operador@demo.com.br')).json()).toEqual(CODE_REQUIRED);
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: await totp(secret) })).statusCode).toBe(200);
  });

  it('signs in with a recovery code once, in any case and spacing', async () => {
    const { token, recoveryCodes } = await enable('operador@demo.com.br');
    const code = defined(recoveryCodes[3], 'recovery code');
    const typed = code.toLowerCase().replace('-', ' ');
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: typed })).statusCode).toBe(200);
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: code })).json()).toEqual(INVALID_CODE);
    expect((await call(token, 'GET', '/')).json<TwoFactorStatus>().recoveryCodesLeft).toBe(9);
    expect((await securityEvents()).map((e) => e.type)).toEqual(['twoFactorEnabled', 'twoFactorRecoveryUsed']);
  });

  it('is still asked after the password was reset through "Esqueci a senha"', async () => {
    const { secret } = await enable('operador@demo.com.br');
    await t.app.inject({ method: 'POST', url: '/api/auth/forget', payload: { email: 'operador@demo.com.br' } });
    const mail = defined(t.outbox.find((m) => m.subject === RESET_MAIL_SUBJECT), 'reset mail');
    const resetCode = defined(mail.text.match(/\b(\d{6})\b/)?.[1], 'reset code');
    const newPassword = 'Nova@Senha2026';
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/forget/reset', payload: { email: 'operador@demo.com.br', resetCode, password: newPassword } });
    expect(reset.statusCode).toBe(200);
    expect((await postLogin('operador@demo.com.br', {}, '127.0.0.1', newPassword)).json()).toEqual(CODE_REQUIRED);
    expect((await postLogin('operador@demo.com.br', { twoFactorCode: await totp(secret) }, '127.0.0.1', newPassword)).statusCode).toBe(200);
  });

  it('turns off only with a code, and then the login asks nothing', async () => {
    const { token, secret } = await enable('operador@demo.com.br');
    expect((await call(token, 'POST', '/disable', { code: '000000' })).json()).toEqual({ error: TWO_FACTOR_MESSAGES.invalidCode });
    expect((await call(token, 'POST', '/disable', { code: await totp(secret) })).json()).toEqual({ enabled: false });
    expect((await postLogin('operador@demo.com.br')).statusCode).toBe(200);
    expect(await t.database.db.select().from(twoFactorRecoveryCodes)).toHaveLength(0);
  });

  it('cannot be turned off by a platform admin once set up', async () => {
    const { token, secret } = await enable('admin@demo.com.br');
    expect((await call(token, 'GET', '/')).json<TwoFactorStatus>().required).toBe(true);
    const refused = await call(token, 'POST', '/disable', { code: await totp(secret) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: TWO_FACTOR_MESSAGES.adminCannotDisable });
    expect((await postLogin('admin@demo.com.br')).json()).toEqual(CODE_REQUIRED);
  });
});

describe("the risk manager's requirement for Administrador and TI", () => {
  const requireIt = async (value: boolean, email = 'gestor@demo.com.br') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/two-factor/policy',
      headers: { 'x-access-token': await login(t.app, email) },
      payload: { requireForAdminAndTi: value },
    });

  it('is set by its own Administrador or TI only', async () => {
    expect((await requireIt(true, 'operador@demo.com.br')).statusCode).toBe(403);
    expect((await requireIt(true, 'prestador@demo.com.br')).statusCode).toBe(403);
    expect((await requireIt(true, 'admin@demo.com.br')).statusCode).toBe(403);
    const set = await requireIt(true, 'ti@demo.com.br');
    expect(set.statusCode).toBe(200);
    expect(set.json<TwoFactorStatus>().policy).toEqual({ requireForAdminAndTi: true });
    const [norte] = await t.database.db.select().from(riskManagers).where(eq(riskManagers.id, DEMO_IDS.riskManagerNorte));
    expect(norte?.requireTwoFactor).toBe(false);
    expect(await securityEvents()).toEqual([expect.objectContaining({ type: 'update', subjectId: DEMO_IDS.riskManager })]);
  });

  it('makes an Administrador without it set it up at the next login, and leaves Operacional alone', async () => {
    expect((await requireIt(true)).statusCode).toBe(200);
    expect((await postLogin('operador@demo.com.br')).statusCode).toBe(200);
    expect((await postLogin('gestor.norte@demo.com.br')).statusCode).toBe(200);
    expect((await postLogin('gestor@demo.com.br')).json()).toEqual(SETUP_REQUIRED);
    // Without a setup a code cannot sign in.
    expect((await postLogin('gestor@demo.com.br', { twoFactorCode: '123456' })).json()).toEqual(SETUP_REQUIRED);

    // The setup at login takes the password, like the login.
    const enrol = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', payload: { username: 'gestor@demo.com.br', password } });
    expect((await enrol('Errada@2026')).json()).toEqual({ error: 'invalid credentials' });
    const { secret } = (await enrol(DEMO_PASSWORD)).json<TwoFactorSetup>();
    expect((await postLogin('gestor@demo.com.br', { twoFactorCode: await totp(secret, 4) })).json()).toEqual(INVALID_CODE);
    const confirmed = await postLogin('gestor@demo.com.br', { twoFactorCode: await totp(secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    // From now on it is the ordinary code step; the required factor cannot be turned off.
    t.clock.advance(30_000);
    expect((await postLogin('gestor@demo.com.br')).json()).toEqual(CODE_REQUIRED);
    const token = defined(confirmed.json<{ token: string }>().token, 'token');
    expect((await call(token, 'POST', '/disable', { code: await totp(secret) })).json()).toEqual({ error: TWO_FACTOR_MESSAGES.requiredByPolicy });
    // No one else gets a setup at login.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', payload: { username: 'operador@demo.com.br', password: DEMO_PASSWORD } });
    expect(other.statusCode).toBe(409);
  });
});

describe('admin reset of a lost second factor', () => {
  const reset = async (caller: string, targetEmail: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/risk-managers/login/${userId(targetEmail)}/two-factor/reset`,
      headers: { 'x-access-token': tokens.get(caller) ?? (await login(t.app, caller)) },
    });
  const tokens = new Map<string, string>();

  it('is allowed to who manages the user, in its tenant, never on oneself, and is recorded', async () => {
    // Sessions opened before: the callers' own second factors do not matter here.
    tokens.clear();
    for (const email of ['operador@demo.com.br', 'gestor@demo.com.br', 'admin@demo.com.br']) tokens.set(email, await login(t.app, email));
    await enable('operador@demo.com.br');
    await enable('ti@demo.com.br');
    await enable('admin@demo.com.br');

    expect((await reset('operador@demo.com.br', 'ti@demo.com.br')).statusCode).toBe(403);
    expect((await reset('prestador@demo.com.br', 'operador@demo.com.br')).statusCode).toBe(403);
    expect((await reset('gestor.norte@demo.com.br', 'operador@demo.com.br')).statusCode).toBe(404);
    // 'TI' users are changed only by TI or platform admins, as on the users screen.
    expect((await reset('gestor@demo.com.br', 'ti@demo.com.br')).statusCode).toBe(403);
    expect((await reset('gestor@demo.com.br', 'admin@demo.com.br')).statusCode).toBe(404);
    expect((await securityEvents()).filter((e) => e.type === 'twoFactorReset')).toHaveLength(0);

    const done = await reset('gestor@demo.com.br', 'operador@demo.com.br');
    expect(done.json()).toEqual({ enabled: false });
    expect((await postLogin('operador@demo.com.br')).statusCode).toBe(200);
    expect((await reset('gestor@demo.com.br', 'operador@demo.com.br')).json()).toEqual({ error: TWO_FACTOR_MESSAGES.notEnabled });
    expect((await securityEvents()).filter((e) => e.type === 'twoFactorReset')).toEqual([
      expect.objectContaining({ actorId: userId('gestor@demo.com.br'), subjectId: userId('operador@demo.com.br') }),
    ]);
    expect((await reset('gestor@demo.com.br', 'gestor@demo.com.br')).json()).toEqual({ error: TWO_FACTOR_MESSAGES.ownReset });
    expect((await reset('admin@demo.com.br', 'ti@demo.com.br')).statusCode).toBe(200);
  });
});
