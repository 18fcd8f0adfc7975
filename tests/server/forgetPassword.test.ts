import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResets, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/demo/seed';
import { normaliseCode } from '../../server/auth/oneTimeCodes';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './helpers';
import { defined } from '../defined';
import { currentUser } from '../../server/shared/session';

let t: TestApp;
/** The statements the app runs while `recording` is on. */
const statements: string[] = [];
let recording = false;
const GESTOR = DEMO_USERS.find((u) => u.email === 'gestor@demo.com.br')!;
const NEW_PASSWORD = 'Nova@Senha2025';
const INVALID_CODE = { error: 'invalid reset code' };
const MINUTE = 60 * 1000;

beforeAll(async () => {
  // PUBLIC_URL as a deployment sets it (trailing slash included): the e-mail's link must use it.
  t = await createTestApp(
    { publicUrl: 'https://pr.exemplo.com.br/' },
    {
      onQuery: (query) => {
        if (recording) statements.push(query);
      },
      setup: (app) => {
        app.get('/api/test/me', { onRequest: app.authenticate }, (request) => Promise.resolve(currentUser(request)));
      },
    },
  );
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const post = (url: string, payload: object, remoteAddress = '10.0.1.1') =>
  t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload, remoteAddress });
const forget = (email: string, remoteAddress?: string) => post('/forget', { email }, remoteAddress);
const validate = (email: string, resetCode: unknown, remoteAddress?: string) =>
  post('/forget/validate', { email, resetCode }, remoteAddress);
const reset = (email: string, resetCode: string, password: string) => post('/forget/reset', { email, resetCode, password });

/** The code of the newest e-mail, read the way a person reads it. */
function lastCode(): string {
  const mail = t.outbox.at(-1);
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code in the outbox: ${JSON.stringify(mail)}`);
  return defined(match[1], 'code');
}
const resetRow = async () =>
  (await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, GESTOR.id)))[0];
/** A 6-digit code guaranteed to differ from the real one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('forgot-password flow', () => {
  it('mails a code, validates it, resets the password, and the new password logs in', async () => {
    const oldToken = await login(t.app, 'gestor@demo.com.br');

    const requested = await forget('Gestor@Demo.com.br');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: 'ok' });
    expect(t.outbox).toHaveLength(1);
    const mail = t.outbox[0];
    expect(mail?.to).toBe('gestor@demo.com.br');
    expect(mail?.subject).toBe('Código de verificação para redefinir sua senha');
    expect(mail?.text).toContain('15 minutos');
    expect(mail?.text.split('\n')).toContain('Informe-o em https://pr.exemplo.com.br/forget-password');
    const code = lastCode();

    // Stored hashed: the clear code is nowhere in the row.
    const row = await resetRow();
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now.getTime() + 15 * MINUTE);

    const valid = await validate('gestor@demo.com.br', code);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true });

    const done = await reset('gestor@demo.com.br', code, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'ok' });

    expect(await resetRow()).toBeUndefined();
    await login(t.app, 'gestor@demo.com.br', NEW_PASSWORD);
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: 'gestor@demo.com.br', password: DEMO_PASSWORD } });
    expect(old.statusCode).toBe(401);
    // Tokens issued before the reset stop working.
    const stale = await t.app.inject({ method: 'GET', url: '/api/test/me', headers: { 'x-access-token': oldToken } });
    expect(stale.statusCode).toBe(401);
  });

  it('refuses to use a code twice', async () => {
    await forget('gestor@demo.com.br');
    const code = lastCode();
    expect((await reset('gestor@demo.com.br', code, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset('gestor@demo.com.br', code, 'Outra@Senha99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_CODE);
    expect((await validate('gestor@demo.com.br', code)).json()).toEqual(INVALID_CODE);
    await login(t.app, 'gestor@demo.com.br', NEW_PASSWORD);
  });

  it('expires a code after 15 minutes', async () => {
    await forget('gestor@demo.com.br');
    const code = lastCode();
    t.clock.advance(14 * MINUTE);
    expect((await validate('gestor@demo.com.br', code)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    const late = await validate('gestor@demo.com.br', code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(INVALID_CODE);
    expect((await reset('gestor@demo.com.br', code, NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('kills the code after 5 wrong tries, even for the right code, until a new request', async () => {
    await forget('gestor@demo.com.br');
    const code = lastCode();
    for (let i = 0; i < 5; i++) {
      const response = await validate('gestor@demo.com.br', wrongCode(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_CODE);
    }
    expect((await resetRow())?.failedAttempts).toBe(5);
    expect((await validate('gestor@demo.com.br', code)).statusCode).toBe(400);
    expect((await reset('gestor@demo.com.br', code, NEW_PASSWORD)).statusCode).toBe(400);

    await forget('gestor@demo.com.br');
    const fresh = lastCode();
    expect((await resetRow())?.failedAttempts).toBe(0);
    expect((await reset('gestor@demo.com.br', fresh, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('voids the old code when a new one is requested', async () => {
    await forget('gestor@demo.com.br');
    const first = lastCode();
    await forget('gestor@demo.com.br');
    const second = lastCode();
    expect(t.outbox).toHaveLength(2);
    // One chance in a million that the two draws are equal; then the old code is the new one.
    if (first !== second) expect((await validate('gestor@demo.com.br', first)).statusCode).toBe(400);
    expect((await validate('gestor@demo.com.br', second)).statusCode).toBe(200);
  });

  it('does not spend a try when validating the right code, so the reset still works after it', async () => {
    await forget('gestor@demo.com.br');
    const code = lastCode();
    for (let i = 0; i < 6; i++) expect((await validate('gestor@demo.com.br', code)).statusCode).toBe(200);
    expect((await resetRow())?.failedAttempts).toBe(0);
    expect((await reset('gestor@demo.com.br', code, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('pads the leading zeros of a code typed without them, but refuses a code sent as a JSON number', async () => {
    expect(normaliseCode('12345')).toBe('012345');
    expect(normaliseCode(' 000007 ')).toBe('000007');
    await forget('gestor@demo.com.br');
    const code = lastCode();
    const asNumber = await validate('gestor@demo.com.br', Number(code));
    expect(asNumber.statusCode).toBe(400);
    expect(asNumber.json()).toEqual({ errors: [{ code: 'type', path: 'resetCode', message: 'Tipo de valor inválido' }] });
    expect((await validate('gestor@demo.com.br', String(Number(code)))).statusCode).toBe(200);
  });

  it('refuses wrong types and control characters in every forget body with a Portuguese 400', async () => {
    const MESSAGES: Record<string, string> = {
      type: 'Tipo de valor inválido',
      invalid_string: 'Caracteres de controle não são permitidos',
      maxLength: 'Máximo de 200 caracteres',
    };
    const cases: [string, object, string][] = [
      ['/forget', { email: ['gestor@demo.com.br'] }, 'type'],
      ['/forget', { email: 42 }, 'type'],
      ['/forget', { email: 'gestor\u0000@demo.com.br' }, 'invalid_string'],
      ['/forget/validate', { email: 'gestor@demo.com.br', resetCode: ['123456'] }, 'type'],
      ['/forget/validate', { email: 'gestor@demo.com.br\u0007', resetCode: '123456' }, 'invalid_string'],
      ['/forget/validate', { email: 'gestor@demo.com.br', resetCode: '12\u00003456' }, 'invalid_string'],
      ['/forget/reset', { email: 'gestor@demo.com.br', resetCode: '123456', password: ['Longa@123'] }, 'type'],
      ['/forget/reset', { email: 'gestor@demo.com.br', resetCode: '123456', password: 'Longa@123\u0000' }, 'invalid_string'],
      ['/forget/reset', { email: 'gestor@demo.com.br', resetCode: '123456', password: 'x'.repeat(201) }, 'maxLength'],
    ];
    for (const [url, payload, code] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      const { errors } = response.json<{ errors: { code: string; message: string }[] }>();
      expect(errors.map((e) => [e.code, e.message])).toEqual([[code, MESSAGES[code]]]);
    }
    expect(t.outbox).toEqual([]);
  });

  it('runs the same database statements for known, unknown and inactive e-mails, so timing tells nothing', async () => {
    await t.database.db.update(users).set({ active: false }).where(eq(users.email, 'operador@demo.com.br'));
    const statementsOf = async (email: string, remoteAddress: string) => {
      statements.length = 0;
      recording = true;
      expect((await forget(email, remoteAddress)).statusCode).toBe(200);
      recording = false;
      // The occasional purge of old counters runs every 200 hits, whoever asks, and the notification
      // dispatcher polls its queue on its own clock (docs/operations/notifications.md): neither is
      // part of the request, nor of the comparison.
      return statements.filter((q) => !q.startsWith('delete from "auth_failures"') && !/\bpush_(outbox|deliveries)\b/.test(q));
    };
    const known = await statementsOf('gestor@demo.com.br', '10.0.1.90');
    const unknown = await statementsOf('ninguem@demo.com.br', '10.0.1.91');
    const inactive = await statementsOf('operador@demo.com.br', '10.0.1.92');
    expect(known.some((q) => q.startsWith('insert into "password_resets"'))).toBe(true);
    expect(unknown).toEqual(known);
    expect(inactive).toEqual(known);
    expect(t.outbox.map((m) => m.to)).toEqual(['gestor@demo.com.br']);
  });

  it('requires 8 characters for the new password without spending a try', async () => {
    await forget('gestor@demo.com.br');
    const code = lastCode();
    const short = await reset('gestor@demo.com.br', code, 'Curta1!');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      errors: [{ code: 'too_small', path: 'password', message: 'A senha deve ter ao menos 8 caracteres' }],
    });
    expect((await resetRow())?.failedAttempts).toBe(0);
    await login(t.app, 'gestor@demo.com.br');
    expect((await reset('gestor@demo.com.br', code, 'Longa@123')).statusCode).toBe(200);
  });

  it('answers known, unknown and inactive e-mails alike and mails only the active account', async () => {
    await t.database.db.update(users).set({ active: false }).where(eq(users.email, 'operador@demo.com.br'));
    const known = await forget('gestor@demo.com.br');
    const unknown = await forget('ninguem@demo.com.br');
    const inactive = await forget('operador@demo.com.br');
    for (const response of [unknown, inactive]) {
      expect(response.statusCode).toBe(known.statusCode);
      expect(response.body).toBe(known.body);
    }
    expect(t.outbox.map((m) => m.to)).toEqual(['gestor@demo.com.br']);
    expect((await validate('ninguem@demo.com.br', '123456')).json()).toEqual(INVALID_CODE);
  });

  it('rejects malformed bodies with the normalised 400', async () => {
    const response = await post('/forget/reset', { email: 'gestor@demo.com.br', resetCode: 'x'.repeat(40) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: expect.arrayContaining([
        expect.objectContaining({ code: 'maxLength', path: 'resetCode' }),
        expect.objectContaining({ code: 'required', path: 'password' }),
      ]) as unknown,
    });
  });
});

describe('forgot-password rate limits', () => {
  it('allows 5 requests per account in 15 minutes; other accounts from the same address go on', async () => {
    for (let i = 0; i < 5; i++) expect((await forget('gestor@demo.com.br')).statusCode).toBe(200);
    const blocked = await forget('GESTOR@demo.com.br');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'too many attempts' });
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    expect((await forget('ti@demo.com.br')).statusCode).toBe(200);
    expect(t.outbox).toHaveLength(6);
    t.clock.advance(16 * MINUTE);
    expect((await forget('gestor@demo.com.br')).statusCode).toBe(200);
  });

  it('allows 20 requests per address in 15 minutes', async () => {
    for (let i = 0; i < 20; i++) expect((await forget(`pessoa${i}@demo.com.br`, '10.0.1.50')).statusCode).toBe(200);
    expect((await forget('gestor@demo.com.br', '10.0.1.50')).statusCode).toBe(429);
    expect((await forget('gestor@demo.com.br', '10.0.1.51')).statusCode).toBe(200);
  });

  it('counts wrong codes per address: after 20, even a right code from that address gets 429', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await validate(`pessoa${i}@demo.com.br`, '123456', '10.0.1.60')).statusCode).toBe(400);
    }
    await forget('gestor@demo.com.br');
    const code = lastCode();
    const blocked = await validate('gestor@demo.com.br', code, '10.0.1.60');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const blockedReset = await post('/forget/reset', { email: 'gestor@demo.com.br', resetCode: code, password: 'Longa@123' }, '10.0.1.60');
    expect(blockedReset.statusCode).toBe(429);
    expect(Number(blockedReset.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validate('gestor@demo.com.br', code, '10.0.1.61')).statusCode).toBe(200);
  });
});
