import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { HTTP_MESSAGES, ROUTE_NOT_FOUND } from '../../server/errors/httpErrors';
import { CONTENTION_MESSAGE } from '../../server/db/errors';
import { CENSOR, REDACT, requestForLog } from '../../server/runtime/logger';
import { createMailer } from '../../server/mail/mailer';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './helpers';

/** Everything the app logs, as text. */
let logText = '';
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logText += String(chunk);
    callback();
  },
});
const logger = pino(
  {
    level: 'info',
    redact: { paths: REDACT, censor: CENSOR },
    // Headers included on purpose, so the token redaction is exercised, not merely absent.
    serializers: {
      req: (req: { method: string; url: string; headers: Record<string, unknown> }) => ({ ...requestForLog(req), headers: req.headers }),
    },
  },
  logStream,
);

const dataDir = mkdtempSync(join(tmpdir(), 'pr-platform-'));
const BODY_LIMIT = 4096;
let t: TestApp;

function testRoutes(app: FastifyInstance) {
  app.get('/api/test/boom', () => Promise.reject(new Error('relation "segredo" does not exist at SELECT * FROM users')));
  app.get('/api/test/me', { onRequest: app.authenticate }, () => Promise.resolve({ ok: true }));
  // What the driver throws for an int4 overflow that got past the schemas (SQLSTATE 22003).
  app.get('/api/test/overflow', () => {
    throw Object.assign(new Error('Failed query: insert …'), {
      cause: Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' }),
    });
  });
  // A NUL byte that reaches the database (SQLSTATE 22021), as a field no schema checks would carry.
  app.get('/api/test/nul', () => t.database.db.execute(sql`select ${'a\u0000b'}::text as x`));
  // A transaction the database chose as a deadlock's victim (40P01), as two crossed writes would end.
  app.get('/api/test/deadlock', () => t.database.db.execute(sql.raw(`do $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`)));
  // A numeric querystring and the same field in a body: text parts are coerced, JSON bodies never.
  const pageSchema = { type: 'object', properties: { page: { type: 'integer' } } };
  app.get('/api/test/page', { schema: { querystring: pageSchema } }, (request) => Promise.resolve(request.query));
  app.post('/api/test/page', { schema: { body: pageSchema } }, (request) => Promise.resolve(request.body));
  // A careless debug line, as a future route might write: redaction must still hide the secrets.
  app.addHook('preHandler', (request, _reply, done) => {
    request.log.info({ body: request.body }, 'request body');
    done();
  });
}

beforeAll(async () => {
  t = await createTestApp(
    { dataDir, bodyLimit: BODY_LIMIT },
    {
      setup: testRoutes,
      logger,
      // The real outbox mailer, which logs recipient and subject with the same logger.
      mailer: createMailer({ smtpUrl: null, from: 'teste@localhost', dataDir, log: logger }),
    },
  );
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('platform', () => {
  it('answers /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers; the CSP upgrades requests to https only when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const https = await createTestApp({ publicUrl: 'https://pr.exemplo.com.br' });
    try {
      const secure = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(secure.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      await https.close();
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers 413 with a normalised body when the body is over the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      payload: { username: 'gestor@demo.com.br', password: 'x'.repeat(BODY_LIMIT) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: 'Conteúdo grande demais' });
  });

  it('answers an unsupported content type with 415 in Portuguese', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'Tipo de conteúdo não suportado' });
  });

  it('answers a database integer overflow with 400 and a Portuguese message, not 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/overflow' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Valor numérico fora do limite permitido' });
  });

  it('answers an unknown /api route with a 404 JSON body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nao-existe?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: ROUTE_NOT_FOUND });
    expect(ROUTE_NOT_FOUND).toBe('Recurso não encontrado.');
  });

  it('answers refusals (403, 404 of a record) with Portuguese messages', async () => {
    const operador = await login(t.app, 'operador@demo.com.br');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/causes',
      headers: { 'x-access-token': operador },
      payload: { name: 'Motivo', active: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: HTTP_MESSAGES.forbidden });
    const gestor = await login(t.app, 'gestor@demo.com.br');
    const absent = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/causes/5f00000000000000000fffff',
      headers: { 'x-access-token': gestor },
      payload: { name: 'Motivo', active: true },
    });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ error: HTTP_MESSAGES.notFound });
    expect([HTTP_MESSAGES.forbidden, HTTP_MESSAGES.notFound]).toEqual([
      'Você não tem permissão para realizar esta ação.',
      'Registro não encontrado.',
    ]);
  });

  it("answers the router's own refusals (bad URL, overlong parameter) in Portuguese", async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/risk-managers/login/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: 'Endereço inválido' });
    const long = await t.app.inject({ method: 'DELETE', url: `/api/risk-managers/login/${'a'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'Endereço longo demais' });
  });

  it('answers headers too large (431) with a Portuguese JSON body', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Cabeçalhos da requisição grandes demais' });
  });

  it('sends Cache-Control: no-store on authenticated JSON and on API errors', async () => {
    const token = await login(t.app, 'gestor@demo.com.br');
    const me = await t.app.inject({ method: 'GET', url: '/api/test/me', headers: { 'x-access-token': token } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/causes', headers: { 'x-access-token': token } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/test/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('logs a failed user INSERT without its parameters (no password hash, no SQL), with the PostgreSQL code', async () => {
    const token = await login(t.app, 'gestor@demo.com.br');
    await t.database.db.execute(sql.raw(`alter table users add constraint test_falha check (name <> 'Falha Forçada')`));
    try {
      logText = '';
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/risk-managers/login',
        headers: { 'x-access-token': token },
        payload: { name: 'Falha Forçada', email: 'falha@demo.com.br', password: 'Segredo#123', role: { perfil: 'operational' }, active: true },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Unknown error' });
    } finally {
      await t.database.db.execute(sql.raw('alter table users drop constraint test_falha'));
    }
    const errorLines = logText.split('\n').filter((line) => line.includes('"unhandled error"'));
    expect(errorLines).toHaveLength(1);
    expect(JSON.parse(errorLines[0] ?? '{}')).toMatchObject({
      level: 50,
      err: { type: 'DatabaseError', code: '23514', constraint: 'test_falha', table: 'users' },
    });
    // Nowhere the hash or the statement (the body itself is logged by this file's debug hook).
    expect(logText).not.toContain('scrypt$');
    expect(logText.toLowerCase()).not.toContain('insert into');
    expect(logText).not.toContain('params');
    expect(errorLines[0]).not.toContain('falha@demo.com.br');
    expect(errorLines[0]).not.toContain('Falha Forçada');
  });

  it('refuses a NUL byte in the login username with 400, and logs nothing at error level', async () => {
    logText = '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      payload: { username: 'gestor\u0000@demo.com.br', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: 'invalid_string', path: 'username', message: 'Caracteres de controle não são permitidos' }],
    });
    const levels = logText.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((level) => level <= 30)).toBe(true);
  });

  it('answers a deadlock victim with 503, Retry-After and a Portuguese message to send it again, not a 500', async () => {
    logText = '';
    const response = await t.app.inject({ method: 'GET', url: '/api/test/deadlock' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ error: CONTENTION_MESSAGE });
    const lines = logText.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number });
    expect(lines.every((line) => line.level <= 40)).toBe(true);
  });

  it('answers a NUL byte that reaches the database with 400, logged at info level without SQL', async () => {
    logText = '';
    const response = await t.app.inject({ method: 'GET', url: '/api/test/nul' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Caracteres de controle não são permitidos' });
    const lines = logText.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.some((line) => line.msg === 'request refused by the database' && line.level === 30)).toBe(true);
    expect(lines.every((line) => line.level <= 30)).toBe(true);
    expect(logText.toLowerCase()).not.toContain('select');
  });

  it('answers a thrown error with 500 Unknown error, without stack or SQL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Unknown error' });
    expect(response.body).not.toContain('segredo');
    expect(response.body).not.toContain('at ');
  });

  it('answers validation failures with the {errors:[{code, path, message}]} array', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/forget/validate', payload: { email: { a: 1 } } });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: { code: string; path: string; message: string }[] }>();
    expect(errors).toEqual(
      expect.arrayContaining([
        { code: 'type', path: 'email', message: expect.any(String) as unknown },
        { code: 'required', path: 'resetCode', message: expect.any(String) as unknown },
      ]),
    );
  });

  it('coerces querystring numbers but never a JSON body field', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/test/page?page=2' });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toEqual({ page: 2 });
    const body = await t.app.inject({ method: 'POST', url: '/api/test/page', payload: { page: '2' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ errors: [{ code: 'type', path: 'page', message: 'Tipo de valor inválido' }] });
    expect((await t.app.inject({ method: 'POST', url: '/api/test/page', payload: { page: 2 } })).json()).toEqual({ page: 2 });
  });

  it('answers malformed JSON with a normalised 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'JSON inválido' });
  });

  it('never writes passwords, tokens, reset or login codes to the log', async () => {
    logText = '';
    const token = await login(t.app, 'gestor@demo.com.br');
    expect((await t.app.inject({ method: 'GET', url: '/api/test/me', headers: { 'x-access-token': token } })).statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/auth/forget', payload: { email: 'gestor@demo.com.br' } });
    const outboxDir = join(dataDir, 'outbox');
    const mailFile = readdirSync(outboxDir).sort().at(-1)!;
    const code = /\b(\d{6})\b/.exec((JSON.parse(readFileSync(join(outboxDir, mailFile), 'utf8')) as { text: string }).text)![1];
    const newPassword = 'Redefinida#4321';
    const validated = await t.app.inject({ method: 'POST', url: '/api/auth/forget/validate', payload: { email: 'gestor@demo.com.br', resetCode: code } });
    expect(validated.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget/reset',
      payload: { email: 'gestor@demo.com.br', resetCode: code, password: newPassword, newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    await login(t.app, 'gestor@demo.com.br', newPassword);
    // The code e-mailed to an account past its login budget (docs/rules/sign-in.md) is one too.
    const emailCode = 'Cod1g0-Login';
    const withCode = await t.app.inject({ method: 'POST', url: '/api/auth/', payload: { username: 'gestor@demo.com.br', password: newPassword, emailCode } });
    expect(withCode.statusCode).toBe(401);

    // The log did record these requests (so the assertions below are not vacuous)...
    expect(logText).toContain('/api/auth/forget/reset');
    expect(logText).toContain('e-mail written to outbox');
    expect(logText).toContain('"x-access-token":"[redacted]"');
    expect(logText).toContain('"password":"[redacted]"');
    expect(logText).toContain('"resetCode":"[redacted]"');
    expect(logText).toContain('"emailCode":"[redacted]"');
    // ...and none of the secrets.
    expect(logText).not.toContain(DEMO_PASSWORD);
    expect(logText).not.toContain(newPassword);
    expect(logText).not.toContain(token);
    expect(logText).not.toContain(code);
    expect(logText).not.toContain(emailCode);
  });
});
