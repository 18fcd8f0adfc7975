/**
 * The request log as the server writes it (server/runtime/logger.ts createLogger, the logger main.ts
 * builds): a secret carried in a URL — the live stream's ticket, a token, a code — is replaced by
 * the redaction marker in every line, and the rest of the URL stays readable.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENSOR, createLogger, loggableUrl } from '../../server/runtime/logger';
import { createTestApp, login, type TestApp } from './helpers';
import { openStream, ticketFor } from './liveClient';

let logText = '';
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logText += String(chunk);
    callback();
  },
});

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp({}, { logger: createLogger('info', logStream) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => t?.close());

/** A well-formed event id the stream resumes after (none such exists: it replays nothing). */
const LAST_EVENT = '5f00000000000000000000ff';

/** The log lines written since `from` that name `path`. */
const linesFor = (from: number, path: string) =>
  logText
    .slice(from)
    .split('\n')
    .filter((line) => line.includes(path));

describe('request log', () => {
  it('a live ticket in the query string is logged as the redaction marker, never in full', async () => {
    const ticket = await ticketFor(t.app, await login(t.app, 'gestor@demo.com.br'));
    const from = logText.length;
    const stream = await openStream(base, `ticket=${ticket}&lastEventId=${LAST_EVENT}`);
    expect(stream.status).toBe(200);
    stream.close();
    // A ticket that is refused (already used) is logged the same way.
    const refused = await t.app.inject({ method: 'GET', url: `/api/missions/live?ticket=${ticket}` });
    expect(refused.statusCode).toBe(401);
    const lines = linesFor(from, '/api/missions/live');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(logText.slice(from)).not.toContain(ticket);
    for (const line of lines) expect(line).toContain(`ticket=${CENSOR}`);
    expect(lines[0]).toContain(`/api/missions/live?ticket=${CENSOR}&lastEventId=${LAST_EVENT}`);
  });

  it('any token, password or code in a query string is hidden too; other parameters stay', async () => {
    const from = logText.length;
    await t.app.inject({ method: 'GET', url: '/api/health?token=segredo-1&Access_Token=segredo-2&resetCode=segredo-3&pagina=2' });
    const [line] = linesFor(from, '/api/health');
    expect(line).toContain(`/api/health?token=${CENSOR}&Access_Token=${CENSOR}&resetCode=${CENSOR}&pagina=2`);
    expect(logText.slice(from)).not.toMatch(/segredo/);
  });

  it('loggableUrl: names matched whole or by their secret part, encoded names read, odd forms kept', () => {
    expect(loggableUrl('/x')).toBe('/x');
    expect(loggableUrl('/x?zipcode=01310100&code=123456')).toBe(`/x?zipcode=01310100&code=${CENSOR}`);
    expect(loggableUrl('/x?%74icket=abc&ticket')).toBe(`/x?%74icket=${CENSOR}&ticket=${CENSOR}`);
    expect(loggableUrl('/x?%E0%A4%A=1&a=&&b=2')).toBe('/x?%E0%A4%A=1&a=&&b=2');
  });
});
