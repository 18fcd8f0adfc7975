import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../src/authProvider/session';
import { HttpError } from '../../src/dataProvider/HttpError';
import { createHttpClient, IDEMPOTENCY_HEADER, MAX_RETRIES } from '../../src/dataProvider/httpClient';
import { TOKEN_HEADER } from '../../src/domain/sessionHeader';
import { noteServerDate, serverNow } from '../../src/dataProvider/serverClock';
import { claimsFor, jsonResponse, makeToken, ROLES } from './authTestUtils';
import { userFromClaims } from '../../src/authProvider/session';
import { defined } from '../defined';

function setup(answers: Array<Response | Error>, opts: { token?: boolean } = {}) {
  const storage = window.localStorage;
  const session = createSessionStore(() => storage);
  if (opts.token !== false) {
    const claims = claimsFor(ROLES.gestor);
    session.save(makeToken(claims), userFromClaims(claims));
  } else session.load(true);
  const requests: { url: string; init: RequestInit; headers: Headers }[] = [];
  let i = 0;
  const fetch = vi.fn((url: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ url: url instanceof Request ? url.url : url.toString(), init, headers: new Headers(init.headers) });
    const answer = defined(answers[Math.min(i++, answers.length - 1)], 'answer');
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer.clone());
  });
  const sleep = vi.fn(() => Promise.resolve());
  let n = 0;
  const client = createHttpClient({
    fetch,
    getToken: () => session.getState().token,
    onUnauthorized: () => session.markUnauthorized(),
    sleep,
    newKey: () => `key-${++n}`,
  });
  return { client, fetch, sleep, requests, session };
}

const ok = () => jsonResponse(200, [{ _id: 'a' }]);

describe('httpClient', () => {
  it('builds the URL from the service base and sends the token when authorized', async () => {
    const { client, requests, session } = setup([ok()]);
    const res = await client('admin', '/causes', { query: { page: 2, status: ['a', 'b'], empty: '' } });
    expect(res.data).toEqual([{ _id: 'a' }]);
    expect(requests[0]?.url).toBe('/api/admin/causes?page=2&status=a&status=b');
    expect(requests[0]?.headers.get(TOKEN_HEADER)).toBe(session.getState().token);
  });

  it('sends no token when the request is not authorized', async () => {
    const { client, requests } = setup([ok()]);
    await client('auth', '/forget', { method: 'POST', body: { email: 'a@b.co' }, authorized: false });
    expect(requests[0]?.headers.has(TOKEN_HEADER)).toBe(false);
  });

  it('retries a 503 GET up to 3 times, then fails with the status', async () => {
    const { client, fetch, sleep } = setup([jsonResponse(503, { error: 'busy' })]);
    const error = await client('admin', '/causes').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(1 + MAX_RETRIES);
    expect(MAX_RETRIES).toBe(3);
    // Exponential backoff between attempts.
    const [first = 0, second = 0, third = 0] = sleep.mock.calls.map((c) => (c as unknown as [number])[0]);
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
  });

  it('succeeds when a retry succeeds (network failure, then 502, then 200)', async () => {
    const { client, fetch } = setup([new TypeError('Failed to fetch'), jsonResponse(502, null), ok()]);
    const res = await client('admin', '/causes');
    expect(res.data).toEqual([{ _id: 'a' }]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('fails with status 0 after a network failure outlasts the retries', async () => {
    const { client, fetch } = setup([new TypeError('Failed to fetch')]);
    const error = (await client('admin', '/causes').catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(0);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it.each([400, 401, 403, 404, 409, 422, 429, 500])('does not retry a %i', async (status) => {
    const { client, fetch } = setup([jsonResponse(status, { error: 'nope' })]);
    const error = (await client('admin', '/causes').catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(status);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry a POST that carries no Idempotency-Key', async () => {
    const { client, fetch, requests } = setup([jsonResponse(503, null)]);
    const error = (await client('admin', '/causes', { method: 'POST', body: { name: 'x' }, idempotencyKey: false }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(error.status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(requests[0]?.headers.has(IDEMPOTENCY_HEADER)).toBe(false);
  });

  it('does not retry a POST after a network failure without a key', async () => {
    const { client, fetch } = setup([new TypeError('Failed to fetch')]);
    await expect(client('admin', '/causes', { method: 'POST', body: {}, idempotencyKey: false })).rejects.toMatchObject({
      status: 0,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a POST with its generated key, the same key on every attempt, and a new key per call', async () => {
    const { client, fetch, requests } = setup([jsonResponse(503, null), new TypeError('Failed to fetch'), jsonResponse(201, { _id: 'n' })]);
    const res = await client('admin', '/causes', { method: 'POST', body: { name: 'x' } });
    expect(res.status).toBe(201);
    expect(fetch).toHaveBeenCalledTimes(3);
    const keys = requests.map((r) => r.headers.get(IDEMPOTENCY_HEADER));
    expect(keys).toEqual(['key-1', 'key-1', 'key-1']);
    expect(JSON.parse(defined(requests[2], 'third request').init.body as string)).toEqual({ name: 'x' });

    await client('admin', '/causes', { method: 'POST', body: { name: 'y' } });
    expect(requests[3]?.headers.get(IDEMPOTENCY_HEADER)).toBe('key-2');
  });

  it('does not retry a POST with a key on a final status', async () => {
    const { client, fetch } = setup([jsonResponse(500, { error: 'Unknown error' })]);
    await expect(client('admin', '/causes', { method: 'PUT', body: {} })).rejects.toMatchObject({ status: 500 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('flags the session unauthorized on a 401 while a token is held', async () => {
    const { client, session } = setup([jsonResponse(401, { error: 'invalid token' })]);
    expect(session.getState().isUnauthorized).toBe(false);
    await expect(client('admin', '/causes')).rejects.toMatchObject({ status: 401 });
    expect(session.getState().isUnauthorized).toBe(true);
  });

  it('does not flag the session on a 401 without a token, nor on a 403', async () => {
    const anonymous = setup([jsonResponse(401, { error: 'invalid credentials' })], { token: false });
    await expect(anonymous.client('auth', '/', { method: 'POST', authorized: false })).rejects.toMatchObject({ status: 401 });
    expect(anonymous.session.getState().isUnauthorized).toBe(false);

    const forbidden = setup([jsonResponse(403, { error: 'forbidden' })]);
    await expect(forbidden.client('admin', '/causes')).rejects.toMatchObject({ status: 403 });
    expect(forbidden.session.getState().isUnauthorized).toBe(false);
  });

  it('throws the normalised body: validation issues grouped by code, react-admin field errors in body', async () => {
    const issues = [
      { code: 'too_small', path: 'name', message: 'Nomeação não informada' },
      { code: 'required', path: 'contacts.phone1', message: 'Preencha o contato principal do prestador' },
    ];
    const { client } = setup([jsonResponse(400, { errors: issues })]);
    const error = (await client('admin', '/causes', { method: 'POST', body: {} }).catch((e: unknown) => e)) as HttpError;
    expect(error.apiError.kind).toBe('validation');
    expect(error.apiError.kind === 'validation' && Object.keys(error.apiError.byCode)).toEqual(['too_small', 'required']);
    expect(error.body).toEqual({
      errors: { name: 'Nomeação não informada', 'contacts.phone1': 'Preencha o contato principal do prestador' },
    });
  });

  it('turns a plain error string into generic_error with that message', async () => {
    const { client } = setup([jsonResponse(409, { error: 'Registro em uso por outros cadastros. Desative-o em vez de excluir.' })]);
    const error = (await client('admin', '/causes/1', { method: 'DELETE' }).catch((e: unknown) => e)) as HttpError;
    expect(error.apiError).toEqual({
      kind: 'generic_error',
      message: 'Registro em uso por outros cadastros. Desative-o em vez de excluir.',
    });
    expect(error.message).toBe('Registro em uso por outros cadastros. Desative-o em vez de excluir.');
  });

  it("shows people Portuguese instead of the server's English machine strings", async () => {
    const cases: Array<[number, unknown, string]> = [
      [401, { error: 'invalid token' }, 'Sua sessão não é mais válida. Faça o login novamente.'],
      [403, { error: 'forbidden' }, 'Você não tem permissão para realizar esta ação.'],
      [404, { error: 'not found' }, 'Registro não encontrado.'],
      [500, { error: 'Unknown error' }, 'Ocorreu um erro inesperado, tente novamente mais tarde'],
      [502, '<html>bad gateway</html>', 'Ocorreu um erro inesperado, tente novamente mais tarde'],
      [400, { error: 'Gestora de risco não informada' }, 'Gestora de risco não informada'],
      [418, { weird: true }, 'Ocorreu um erro inesperado, tente novamente mais tarde'],
    ];
    for (const [status, body, text] of cases) {
      const { client } = setup([new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json' } })]);
      const error = (await client('admin', '/causes', { method: 'POST', idempotencyKey: false }).catch((e: unknown) => e)) as HttpError;
      expect(error.message).toBe(text);
    }
    // The server's own words stay available to code that maps them.
    const { client } = setup([jsonResponse(401, { error: 'invalid credentials' })]);
    const error = (await client('auth', '/', { method: 'POST', authorized: false }).catch((e: unknown) => e)) as HttpError;
    expect(error.apiError).toEqual({ kind: 'generic_error', message: 'invalid credentials' });
  });

  it('answers null for a 204', async () => {
    const { client } = setup([new Response(null, { status: 204 })]);
    const res = await client('admin', '/causes/1', { method: 'DELETE' });
    expect(res.data).toBeNull();
  });

  it('repeats a key for each value of a list and leaves empty lists out (report filters)', async () => {
    const { client, requests } = setup([ok()]);
    await client('reports', 'billing', { query: { status: ['finished', 'billed'], companies: [], page: 2 } });
    const url = new URL(defined(requests[0], 'request').url, 'http://x');
    expect(url.searchParams.getAll('status')).toEqual(['finished', 'billed']);
    expect(url.searchParams.has('companies')).toBe(false);
    expect(url.searchParams.get('page')).toBe('2');
  });

  it("hands over the unread body for responseType 'stream', and still throws on errors", async () => {
    const { client } = setup([new Response('abc', { status: 200, headers: { 'X-Report-Rows': '3' } })]);
    const res = await client<ReadableStream<Uint8Array> | null>('reports', 'billing/excel', { responseType: 'stream' });
    expect(res.headers.get('X-Report-Rows')).toBe('3');
    expect(await new Response(res.data).text()).toBe('abc');
    const failing = setup([jsonResponse(400, { error: 'Informe as datas' })]);
    const error = (await failing.client('reports', 'billing/excel', { responseType: 'stream' }).catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(400);
  });
});

describe("the server's clock, from the answers' Date header", () => {
  it('serverNow follows the Date of the last answer, a refusal included; an answer without one changes nothing', async () => {
    const dated = (status: number, date: Date) =>
      new Response(JSON.stringify(status < 400 ? [] : { error: 'x' }), { status, headers: { 'Content-Type': 'application/json', Date: date.toUTCString() } });
    const hourAhead = new Date(Date.now() + 3_600_000);
    const { client } = setup([dated(200, hourAhead)]);
    await client('admin', '/causes');
    expect(Math.abs(serverNow().getTime() - hourAhead.getTime())).toBeLessThan(3_000);

    const hourBehind = new Date(Date.now() - 3_600_000);
    await expect(setup([dated(400, hourBehind)]).client('admin', '/causes')).rejects.toBeInstanceOf(HttpError);
    expect(Math.abs(serverNow().getTime() - hourBehind.getTime())).toBeLessThan(3_000);

    await setup([ok()]).client('admin', '/causes');
    expect(Math.abs(serverNow().getTime() - hourBehind.getTime())).toBeLessThan(3_000);
    noteServerDate(new Date().toUTCString());
  });
});
