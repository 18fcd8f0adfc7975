/**
 * The login budget of an account across all addresses (docs/rules/sign-in.md;
 * server/auth/loginBudget.ts): guesses from any number of addresses are told their result only within
 * the budget; past it, password and e-mailed code sign in, and the owner is told once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authFailures, loginBudgets, loginCodes } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/demo/seed';
import { LOGIN_BUDGET } from '../../server/auth/loginBudget';
import { ATTACK_NOTICE_SUBJECT, LOGIN_CODE_SUBJECT } from '../../server/auth/authMails';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE, maxLength } from '../../src/domain/messages';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';
import { defined } from '../defined';

let t: TestApp;
const GESTOR = defined(DEMO_USERS.find((u) => u.email === 'gestor@demo.com.br'), 'gestor');
const INVALID = { error: 'invalid credentials' };
const CODE_REQUIRED = { error: 'email code required' };
const INVALID_CODE = { error: 'invalid email code' };
const MINUTE = 60 * 1000;
const NEW_PASSWORD = 'Nova@Senha2026';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://pr.exemplo.com.br/' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** Address number `n` (a different one for each n up to 65,535). */
const address = (n: number) => `10.9.${Math.floor(n / 256)}.${n % 256}`;
const postLogin = (password: string, remoteAddress: string, emailCode?: unknown, username = GESTOR.email) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/',
    payload: emailCode === undefined ? { username, password } : { username, password, emailCode },
    remoteAddress,
  });

/** Spends the whole budget of the gestor's account: one wrong password from each of `capacity` addresses. */
async function spendBudget() {
  for (let i = 0; i < LOGIN_BUDGET.capacity; i++) {
    expect((await postLogin(`Errada${i}`, address(1000 + i))).json()).toEqual(INVALID);
  }
}

const mailsWith = (subject: string) => t.outbox.filter((m) => m.subject === subject);

/** The code of the newest login-code e-mail, read the way a person reads it. */
function mailedCode(): string {
  const mail = mailsWith(LOGIN_CODE_SUBJECT).at(-1);
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no login code in the outbox: ${JSON.stringify(t.outbox)}`);
  return defined(match[1], 'code');
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('login budget across addresses', () => {
  it('tells the result of at most the budget of 200 wrong passwords sent from 200 addresses', async () => {
    // Every guess from its own address, all at once: each address is fresh, so the 15-minute
    // windows alone let all 200 be checked. A 401 'invalid credentials' is a guess whose result
    // was told; past the budget every answer is 'email code required', whatever the password.
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => postLogin(`Errada${i}`, address(i))));
    const bodies = answers.map((a) => `${a.statusCode} ${a.body}`);
    expect(bodies.filter((b) => b === `401 ${JSON.stringify(INVALID)}`)).toHaveLength(LOGIN_BUDGET.capacity);
    expect(bodies.filter((b) => b === `401 ${JSON.stringify(CODE_REQUIRED)}`)).toHaveLength(200 - LOGIN_BUDGET.capacity);
    // The owner is told once, not once per attempt; no code goes out for wrong passwords.
    expect(t.outbox.map((m) => [m.to, m.subject])).toEqual([[GESTOR.email, ATTACK_NOTICE_SUBJECT]]);
    expect(t.outbox[0]?.text).toContain('https://pr.exemplo.com.br/forget-password');
    // 200 password hashes (~25 s on 2 busy cores, over the suite's 30 s when other files run beside it).
  }, 120_000);

  it('past the budget answers the right password like a wrong one, and mails a code to the owner', async () => {
    await spendBudget();
    const wrong = await postLogin('Errada-depois', address(1));
    const right = await postLogin(DEMO_PASSWORD, address(2));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(CODE_REQUIRED);
    expect(right.statusCode).toBe(401);
    expect(right.body).toBe(wrong.body);
    // The notice (sent with the first refusal) and the code, which only the right password sent.
    expect(t.outbox.map((m) => m.subject)).toEqual([ATTACK_NOTICE_SUBJECT, LOGIN_CODE_SUBJECT]);
    const mail = defined(mailsWith(LOGIN_CODE_SUBJECT)[0], 'code mail');
    expect(mail.to).toBe(GESTOR.email);
    expect(mail.text).toContain('10 minutos');
    expect(mail.text).toContain('https://pr.exemplo.com.br/forget-password');
    // Stored hashed: the clear code is nowhere in the row.
    const [row] = await t.database.db.select().from(loginCodes).where(eq(loginCodes.userId, GESTOR.id));
    expect(row?.codeHash).not.toContain(mailedCode());
    expect(row?.expiresAt.getTime()).toBe(t.clock.now.getTime() + 10 * MINUTE);
  });

  it('signs in with password and the mailed code, once: the code cannot be replayed', async () => {
    await spendBudget();
    await postLogin(DEMO_PASSWORD, address(2));
    const code = mailedCode();
    const signedIn = await postLogin(DEMO_PASSWORD, address(2), code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ token: string }>().token).toEqual(expect.any(String));
    const replay = await postLogin(DEMO_PASSWORD, address(3), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID_CODE);
  });

  it('keeps the owner in while the attack goes on: from the address that asked for the code, with the account window full', async () => {
    await spendBudget();
    // The attack keeps the account's 15-minute window over its 5 failures.
    expect((await postLogin('Errada', address(7))).json()).toEqual(CODE_REQUIRED);
    await postLogin(DEMO_PASSWORD, address(8));
    // The owner's second request comes from the same address: not fresh any more, still heard.
    expect((await postLogin(DEMO_PASSWORD, address(8), mailedCode())).statusCode).toBe(200);
  });

  it('past the budget lets the owner retry from the same address after a mistyped password', async () => {
    await spendBudget();
    // The account window is over its 5 failures; this address is not fresh after its first try.
    expect((await postLogin('Demo@12', address(30))).json()).toEqual(CODE_REQUIRED);
    expect((await postLogin(DEMO_PASSWORD, address(30))).json()).toEqual(CODE_REQUIRED);
    expect((await postLogin(DEMO_PASSWORD, address(30), mailedCode())).statusCode).toBe(200);
  });

  it('within the budget, an address that already failed is refused unevaluated and spends none of it', async () => {
    for (let i = 0; i < 5; i++) expect((await postLogin(`Errada${i}`, address(40))).json()).toEqual(INVALID);
    for (let i = 0; i < 10; i++) expect((await postLogin(`Errada${i}`, address(40))).statusCode).toBe(429);
    // 5 guesses spent: 15 are left for fresh addresses.
    for (let i = 0; i < LOGIN_BUDGET.capacity - 5; i++) expect((await postLogin('Errada', address(41 + i))).json()).toEqual(INVALID);
    expect((await postLogin('Errada', address(99))).json()).toEqual(CODE_REQUIRED);
  });

  it('refuses a wrong code without looking at the password, and a code dies after 5 wrong tries', async () => {
    await spendBudget();
    await postLogin(DEMO_PASSWORD, address(2));
    const code = mailedCode();
    // The same answer with the right and with a wrong password: the password is not checked.
    const withRight = await postLogin(DEMO_PASSWORD, address(3), wrongCode(code));
    const withWrong = await postLogin('Errada', address(4), wrongCode(code));
    expect(withRight.json()).toEqual(INVALID_CODE);
    expect(withWrong.body).toBe(withRight.body);
    for (let i = 0; i < 3; i++) expect((await postLogin(DEMO_PASSWORD, address(5 + i), wrongCode(code))).json()).toEqual(INVALID_CODE);
    // Five wrong tries: the right code is dead too.
    expect((await postLogin(DEMO_PASSWORD, address(9), code)).json()).toEqual(INVALID_CODE);
  });

  it('counts wrong codes against the address: its 21st attempt in 15 minutes is a 429', async () => {
    await spendBudget();
    for (let i = 0; i < 20; i++) expect((await postLogin(DEMO_PASSWORD, address(50), '000000')).statusCode).toBe(401);
    expect((await postLogin(DEMO_PASSWORD, address(50), '000000')).statusCode).toBe(429);
  });

  it('uses a right code up even when the password with it is wrong', async () => {
    await spendBudget();
    await postLogin(DEMO_PASSWORD, address(2));
    const code = mailedCode();
    expect((await postLogin('Errada', address(2), code)).json()).toEqual(INVALID);
    expect((await postLogin(DEMO_PASSWORD, address(3), code)).json()).toEqual(INVALID_CODE);
  });

  it('mails at most one code a minute; a new code voids the old one', async () => {
    await spendBudget();
    await postLogin(DEMO_PASSWORD, address(2));
    const first = mailedCode();
    await postLogin(DEMO_PASSWORD, address(3));
    expect(mailsWith(LOGIN_CODE_SUBJECT)).toHaveLength(1);
    t.clock.advance(MINUTE);
    await postLogin(DEMO_PASSWORD, address(4));
    expect(mailsWith(LOGIN_CODE_SUBJECT)).toHaveLength(2);
    const second = mailedCode();
    if (second !== first) expect((await postLogin(DEMO_PASSWORD, address(5), first)).json()).toEqual(INVALID_CODE);
    expect((await postLogin(DEMO_PASSWORD, address(6), second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    await spendBudget();
    await postLogin(DEMO_PASSWORD, address(2));
    t.clock.advance(10 * MINUTE);
    expect((await postLogin(DEMO_PASSWORD, address(2), mailedCode())).json()).toEqual(INVALID_CODE);
  });

  it('refills one guess every 72 minutes and the whole budget in a day; the owner then signs in without a code', async () => {
    await spendBudget();
    const perGuess = LOGIN_BUDGET.perDayMs / LOGIN_BUDGET.capacity;
    expect(perGuess).toBe(72 * MINUTE);
    t.clock.advance(perGuess - 1000);
    expect((await postLogin('Errada', address(60))).json()).toEqual(CODE_REQUIRED);
    // The refusal took its share too: a sustained attack earns nothing.
    t.clock.advance(perGuess);
    expect((await postLogin('Errada', address(61))).json()).toEqual(CODE_REQUIRED);
    t.clock.advance(2 * perGuess);
    expect((await postLogin('Errada', address(62))).json()).toEqual(INVALID);
    t.clock.advance(perGuess);
    expect((await postLogin(DEMO_PASSWORD, address(63))).statusCode).toBe(200);
    // A full day without attempts: the whole budget again.
    t.clock.advance(LOGIN_BUDGET.perDayMs);
    await spendBudget();
    expect((await postLogin('Errada', address(64))).json()).toEqual(CODE_REQUIRED);
  });

  it('tells the owner again only after a day of attack', async () => {
    await spendBudget();
    expect((await postLogin('Errada', address(1))).json()).toEqual(CODE_REQUIRED);
    expect(mailsWith(ATTACK_NOTICE_SUBJECT)).toHaveLength(1);
    // A wrong guess every half hour keeps the bucket empty all day: no second notice within it.
    for (let i = 0; i < 47; i++) {
      t.clock.advance(30 * MINUTE);
      expect((await postLogin('Errada', address(100 + i))).json()).toEqual(CODE_REQUIRED);
    }
    expect(mailsWith(ATTACK_NOTICE_SUBJECT)).toHaveLength(1);
    t.clock.advance(30 * MINUTE);
    expect((await postLogin('Errada', address(200))).json()).toEqual(CODE_REQUIRED);
    expect(mailsWith(ATTACK_NOTICE_SUBJECT)).toHaveLength(2);
  });

  it("never spends the budget on the owner's right passwords", async () => {
    for (let i = 0; i < 3 * LOGIN_BUDGET.capacity; i++) expect((await postLogin(DEMO_PASSWORD, address(i))).statusCode).toBe(200);
    await spendBudget();
    expect((await postLogin('Errada', address(500))).json()).toEqual(CODE_REQUIRED);
  });

  it('answers an unknown e-mail past the budget as a known one, and mails nothing', async () => {
    for (let i = 0; i < LOGIN_BUDGET.capacity; i++) await postLogin('x', address(i), undefined, 'ninguem@demo.com.br');
    expect((await postLogin('x', address(100), undefined, 'ninguem@demo.com.br')).json()).toEqual(CODE_REQUIRED);
    expect((await postLogin('x', address(101), '123456', 'ninguem@demo.com.br')).json()).toEqual(INVALID_CODE);
    expect(t.outbox).toHaveLength(0);
  });

  it('keeps "Esqueci a senha" working past the budget; the new password signs in with a code', async () => {
    await spendBudget();
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload, remoteAddress: address(70) });
    expect((await post('/forget', { email: GESTOR.email })).statusCode).toBe(200);
    const resetCode = defined(t.outbox.at(-1)?.text.match(/\b(\d{6})\b/)?.[1], 'reset code');
    // A reset code is no login code.
    expect((await postLogin(DEMO_PASSWORD, address(71), resetCode)).json()).toEqual(INVALID_CODE);
    expect((await post('/forget/reset', { email: GESTOR.email, resetCode, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await postLogin(NEW_PASSWORD, address(72))).json()).toEqual(CODE_REQUIRED);
    expect((await postLogin(NEW_PASSWORD, address(72), mailedCode())).statusCode).toBe(200);
  });
});

describe('login body: the e-mail code field', () => {
  const BAD_CODES: [string, unknown, string, string][] = [
    ['a number', 123456, 'type', INVALID_TYPE],
    ['a list', ['123456'], 'type', INVALID_TYPE],
    ['an object', { code: '123456' }, 'type', INVALID_TYPE],
    ['null', null, 'type', INVALID_TYPE],
    ['a NUL byte', '123\u0000456', 'invalid_string', CONTROL_CHARACTERS_NOT_ALLOWED],
    ['an escape sequence', '\u001b[31m1234', 'invalid_string', CONTROL_CHARACTERS_NOT_ALLOWED],
    ['13 characters', '1'.repeat(13), 'maxLength', maxLength(12)],
    ['100,000 characters', '1'.repeat(100_000), 'maxLength', maxLength(12)],
  ];

  it.each(BAD_CODES)('refuses %s with a Portuguese 400 and counts nothing', async (_, emailCode, code, message) => {
    const response = await postLogin(DEMO_PASSWORD, address(1), emailCode);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [expect.objectContaining({ code, path: 'emailCode', message })] });
    // Refused before anything was counted or looked up.
    expect(await t.database.db.select().from(authFailures)).toEqual([]);
    expect(await t.database.db.select().from(loginBudgets)).toEqual([]);
  });
});
