import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { REDACT } from '../../server/app';
import { createMailer } from '../../server/mailer';
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
    redact: { paths: REDACT, censor: '[redacted]' },
    // Headers included on purpose, so the token redaction is exercised, not merely absent.
    serializers: {
      req: (req: { method: string; url: string; headers: Record<string, unknown> }) => ({
        method: req.method,
        url: req.url,
        headers: req.headers,
      }),
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
  app.get('/api/test/overflow', () =>
    Promise.reject(
      Object.assign(new Error('Failed query: insert …'), {
        cause: Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' }),
      }),
    ),
  );
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

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
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
    expect(response.json()).toEqual({ error: 'Route GET /api/nao-existe not found' });
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

  it('never writes passwords, tokens or reset codes to the log', async () => {
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

    // The log did record these requests (so the assertions below are not vacuous)...
    expect(logText).toContain('/api/auth/forget/reset');
    expect(logText).toContain('e-mail written to outbox');
    expect(logText).toContain('"x-access-token":"[redacted]"');
    expect(logText).toContain('"password":"[redacted]"');
    expect(logText).toContain('"resetCode":"[redacted]"');
    // ...and none of the secrets.
    expect(logText).not.toContain(DEMO_PASSWORD);
    expect(logText).not.toContain(newPassword);
    expect(logText).not.toContain(token);
    expect(logText).not.toContain(code);
  });
});
