/**
 * What the fuzzer (tests/server/fuzz.test.ts) found, each case as it found it: answered as a
 * refusal in the normalised shape, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let operador: string;
beforeAll(async () => {
  t = await createTestApp();
  operador = await login(t.app, 'operador@demo.com.br');
}, 60_000);
afterAll(() => t.close());

describe('a body key named after an Object.prototype member (yup looked it up in its fields object)', () => {
  it('POST /api/contact/ {"constructor": 9007199254740992} → 400 on the missing fields, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: { 'content-type': 'application/json', 'x-access-token': operador },
      payload: '{"constructor":9007199254740992}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['name', 'email', 'message']),
    );
  });

  it.each(['toString', 'hasOwnProperty', 'valueOf'])('a cause with "%s" beside its fields is created with its fields only', async (key) => {
    const gestor = await login(t.app, 'gestor@demo.com.br');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/causes',
      headers: { 'x-access-token': gestor },
      payload: { name: `Pane ${key}`, active: true, [key]: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(Object.keys(response.json<object>())).not.toContain(key);
  });
});
