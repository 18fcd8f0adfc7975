import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { DEMO_IDS, DEMO_USERS } from '../../server/demo/seed';
import { HTTP_MESSAGES } from '../../server/errors/httpErrors';
import { LIMIT_WINDOW_MS } from '../../server/auth/authLimits';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './helpers';
import { defined } from '../defined';
import { currentUser } from '../../server/shared/session';

let t: TestApp;
const GESTOR = DEMO_USERS.find((u) => u.email === 'gestor@demo.com.br')!;
const INVALID = { error: 'invalid credentials' };
const TOO_MANY = { error: 'too many attempts' };

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // A tiny authenticated route: the real ones arrive with later issues.
      setup: (app) => {
        app.get('/api/test/me', { onRequest: app.authenticate }, (request) => Promise.resolve(currentUser(request)));
      },
    },
  );
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const postLogin = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username, password }, remoteAddress });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/test/me', headers: { 'x-access-token': token } });
const key = () => new TextEncoder().encode(t.config.jwtSecret);
const claimsOf = (user: typeof GESTOR) => ({
  riskManager: user.riskManager,
  serviceProvider: user.serviceProvider,
  name: user.name,
  email: user.email,
  role: { type: user.roleType, perfil: user.perfil },
  ver: 0,
});

describe('POST /api/auth/ (login)', () => {
  it('answers a HS256 token carrying the product’s claims, accepted by authenticated routes', async () => {
    const response = await postLogin('gestor@demo.com.br', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: GESTOR.id,
      riskManager: DEMO_IDS.riskManager,
      serviceProvider: null,
      name: 'Gestor Demo',
      email: 'gestor@demo.com.br',
      role: { type: 'risk_manager', perfil: 'admin' },
      ver: 0,
    });
    expect(claims.exp! - claims.iat!).toBe(t.config.jwtTtl);

    const caller = await me(token);
    expect(caller.statusCode).toBe(200);
    expect(caller.json()).toMatchObject({ id: GESTOR.id, email: 'gestor@demo.com.br', riskManager: DEMO_IDS.riskManager });
  });

  it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const response = await postLogin('  GeStOr@Demo.COM.br ', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json<{ token: string }>().token).sub).toBe(GESTOR.id);
  });

  it('carries the service provider of a provider login', async () => {
    const token = await login(t.app, 'prestador@demo.com.br');
    expect(decodeJwt(token)).toMatchObject({ serviceProvider: DEMO_IDS.provider, role: { type: 'service_provider', perfil: 'admin' } });
  });

  it('answers wrong password and unknown e-mail with the same 401 body (no enumeration)', async () => {
    const wrong = await postLogin('gestor@demo.com.br', 'Errada@123');
    const unknown = await postLogin('ninguem@demo.com.br', DEMO_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID);
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses an inactive user with the same 401 body, even with the right password', async () => {
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, GESTOR.id));
    const response = await postLogin('gestor@demo.com.br', DEMO_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });
});

describe('tokens on authenticated routes', () => {
  it('refuses a missing token with a Portuguese message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: HTTP_MESSAGES.missingToken });
    expect(HTTP_MESSAGES.missingToken).toBe('Sessão não informada. Faça o login.');
  });

  it('refuses an expired token, while the same claims unexpired pass', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const sign = (exp: number) =>
      new SignJWT(claimsOf(GESTOR))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(GESTOR.id)
        .setIssuedAt(past - 60)
        .setExpirationTime(exp)
        .sign(key());
    expect((await me(await sign(past + 7200))).statusCode).toBe(200);
    const expired = await me(await sign(past));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: HTTP_MESSAGES.invalidToken });
    expect(HTTP_MESSAGES.invalidToken).toBe('Sua sessão não é mais válida. Faça o login novamente.');
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const token = await login(t.app, 'gestor@demo.com.br');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(defined(payload, 'payload'), 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: defined(DEMO_USERS[0], 'demo user').id, role: { type: 'admin', perfil: 'admin' } })).toString('base64url');
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses an unsigned (alg none) token and one signed with another secret', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const payload = encode({ ...claimsOf(GESTOR), sub: GESTOR.id, iat: now, exp: now + 3600 });
    expect((await me(`${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`)).statusCode).toBe(401);

    const other = await new SignJWT(claimsOf(GESTOR))
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(GESTOR.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-0123456789abcdef0123'));
    expect((await me(other)).statusCode).toBe(401);
  });

  it('stops accepting a token once its user is deactivated', async () => {
    const token = await login(t.app, 'gestor@demo.com.br');
    expect((await me(token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, GESTOR.id));
    // Written straight to the table: settled as a request that writes is (PostgreSQL's announcement arrived).
    await t.app.settle();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stops accepting a token issued before the token version was bumped', async () => {
    const token = await login(t.app, 'gestor@demo.com.br');
    await t.database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, GESTOR.id));
    await t.app.settle();
    expect((await me(token)).statusCode).toBe(401);
    const fresh = await login(t.app, 'gestor@demo.com.br');
    expect(decodeJwt(fresh).ver).toBe(1);
    expect((await me(fresh)).statusCode).toBe(200);
  });
});

describe('login rate limits', () => {
  it('locks one account after 5 failures while another account from the same address still logs in', async () => {
    for (let i = 0; i < 5; i++) expect((await postLogin('gestor@demo.com.br', `Errada${i}`)).statusCode).toBe(401);
    const locked = await postLogin('gestor@demo.com.br', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    // The window started with the first failure, 15 minutes from now.
    expect(locked.headers['retry-after']).toBe(String(LIMIT_WINDOW_MS / 1000));
    // Case and spaces do not open a second counter for the same account.
    expect((await postLogin(' GESTOR@demo.com.br', DEMO_PASSWORD)).statusCode).toBe(429);
    // Same address, another account: not blocked.
    expect((await postLogin('operador@demo.com.br', DEMO_PASSWORD)).statusCode).toBe(200);

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits unknown e-mails the same way (the 429 reveals nothing)', async () => {
    for (let i = 0; i < 5; i++) expect((await postLogin('ninguem@demo.com.br', 'x')).statusCode).toBe(401);
    expect((await postLogin('ninguem@demo.com.br', 'x')).json()).toEqual(TOO_MANY);
  });

  it('clears the account counter on a successful login', async () => {
    for (let i = 0; i < 4; i++) await postLogin('gestor@demo.com.br', 'Errada');
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await postLogin('gestor@demo.com.br', 'Errada')).statusCode).toBe(401);
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('blocks an address after 20 failures over many accounts; other addresses are unaffected', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await postLogin(`alvo${i}@demo.com.br`, 'x', '10.0.0.66')).statusCode).toBe(401);
    }
    t.clock.advance(60_000);
    const blocked = await postLogin('gestor@demo.com.br', DEMO_PASSWORD, '10.0.0.66');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(LIMIT_WINDOW_MS / 1000 - 60));
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD, '10.0.0.67')).statusCode).toBe(200);
  });

  it('evaluates at most 5 passwords of one account in a parallel burst; the right password after it is refused', async () => {
    // 60 parallel guesses from one address, the right password among them. Every 401 or 200 is a
    // password checked. Which five are checked depends on which reservations commit first (on a
    // real PostgreSQL pool not the order sent), so the right one may be among them and log in.
    const burst = Array.from({ length: 60 }, (_, i) => (i === 9 ? DEMO_PASSWORD : `Errada${i}`));
    const answers = await Promise.all(burst.map((password) => postLogin('gestor@demo.com.br', password, '10.0.0.70')));
    const statuses = answers.map((a) => a.statusCode);
    const evaluated = statuses.filter((s) => s === 401 || s === 200);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 200)).toEqual(Array<number>(60 - evaluated.length).fill(429));
    expect(answers.filter((a) => a.statusCode === 429).every((a) => Number(a.headers['retry-after']) > 0)).toBe(true);
    // Whatever the order, the burst spent the address's 20 tries: the right password from it is now refused.
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD, '10.0.0.70')).statusCode).toBe(429);
  });

  it('keeps the attacking address locked out while the owner still logs in from an address without failures', async () => {
    for (let i = 0; i < 5; i++) expect((await postLogin('gestor@demo.com.br', `Errada${i}`, '10.0.0.80')).statusCode).toBe(401);
    // The attacker's address: refused, even with the right password.
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD, '10.0.0.80')).statusCode).toBe(429);
    // Another address with no attempt in its window is heard once: a wrong guess from it is
    // evaluated (401), after which it is refused like the first.
    expect((await postLogin('gestor@demo.com.br', 'Errada9', '10.0.0.81')).statusCode).toBe(401);
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD, '10.0.0.81')).statusCode).toBe(429);
    // The owner, from a clean address, gets in, which clears the account's counter.
    const owner = await postLogin('gestor@demo.com.br', DEMO_PASSWORD, '10.0.0.82');
    expect(owner.statusCode).toBe(200);
    expect((await postLogin('gestor@demo.com.br', DEMO_PASSWORD, '10.0.0.82')).statusCode).toBe(200);
  });

  it('never blocks a burst of successful logins from one address (42 logins of the 7 demo users)', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (const user of DEMO_USERS) statuses.push((await postLogin(user.email, DEMO_PASSWORD, '10.0.0.9')).statusCode);
    }
    expect(statuses).toHaveLength(42);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('never coerces a login field of the wrong type: an array, a number or an object is a 400', async () => {
    for (const payload of [
      { username: 'gestor@demo.com.br', password: [DEMO_PASSWORD] },
      { username: ['gestor@demo.com.br'], password: DEMO_PASSWORD },
      { username: 'gestor@demo.com.br', password: 12345678 },
      { username: 'gestor@demo.com.br', password: { a: DEMO_PASSWORD } },
      { username: true, password: DEMO_PASSWORD },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ errors: [expect.objectContaining({ code: 'type', message: 'Tipo de valor inválido' })] });
    }
  });

  it('refuses control characters in username and password with a Portuguese 400, before any query', async () => {
    for (const payload of [
      { username: 'gestor\u0000@demo.com.br', password: DEMO_PASSWORD },
      { username: 'gestor@demo.com.br', password: 'Demo@123\u0000' },
      { username: 'gestor@demo.com.br\u001b', password: DEMO_PASSWORD },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ code: 'invalid_string', path: expect.any(String) as unknown, message: 'Caracteres de controle não são permitidos' }],
      });
    }
  });

  it('sends Cache-Control: no-store with the login answer', async () => {
    const response = await postLogin('gestor@demo.com.br', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('rejects bodies that do not match the schema with the normalised 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: 'a'.repeat(300) } });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: { code: string; path: string }[] }>();
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'required', path: 'password' }),
        expect.objectContaining({ code: 'maxLength', path: 'username' }),
      ]),
    );
  });
});
