import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../src/domain/integrations/contracts';
import { createTestApp, login, type TestApp } from './helpers';
import { MISSION_ACCOUNTS } from './missionsClient';

/**
 * docs/integrations.md's curl walk-through, run as written: every `curl` line of the page, in
 * order, read for its method, URL, headers and body, with $API, $CHAVE and $MISSAO filled in, and
 * sent to the server. The page's promises are checked on the answers.
 */

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One curl command of the page, parsed (the page keeps each on one line, with -X, -H and -d only). */
function parseCurl(line: string, vars: Record<string, string>): Curl {
  const fill = (text: string) => text.replace(/\$([A-Z]+)/g, (_all, name: string) => vars[name] ?? `$${name}`);
  const tokens = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  const curl: Curl = { method: 'GET', url: '', headers: {} };
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '-sS') continue;
    if (token === '-X') curl.method = tokens[++i]!;
    else if (token === '-H') {
      const [name, ...value] = tokens[++i]!.split(':');
      curl.headers[name!.trim().toLowerCase()] = fill(value.join(':').trim());
    } else if (token === '-d') curl.body = tokens[++i];
    else curl.url = fill(token);
  }
  return curl;
}

const COMMANDS = readFileSync(new URL('../../docs/integrations.md', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('curl '));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('docs/integrations.md', () => {
  it('every curl command of the walk-through works as the page says', async () => {
    expect(COMMANDS.length).toBeGreaterThanOrEqual(5);
    const token = await login(t.app, MISSION_ACCOUNTS.gestor);
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/integrations/keys', headers: { 'x-access-token': token }, payload: { name: 'Plataforma de rastreamento', scopes: ['missions:write', 'missions:read'] } });
    const vars: Record<string, string> = { API: 'http://localhost', CHAVE: made.json<CreatedApiKey>().secret };
    const send = async (line: string) => {
      const curl = parseCurl(line, vars);
      const url = new URL(curl.url);
      return t.app.inject({ method: curl.method as 'GET', url: url.pathname + url.search, headers: curl.headers, payload: curl.body });
    };

    const [open, one, byReference, events, refused] = COMMANDS;
    const opened = await send(open!);
    expect(opened.statusCode, opened.body).toBe(201);
    const mission = opened.json<{ _id: string; status: string }>();
    expect(mission.status).toBe('open');
    vars.MISSAO = mission._id;
    const again = await send(open!);
    expect(again.json<{ _id: string }>()._id).toBe(mission._id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const otherKey = await send(open!.replace('alerta-000123', 'alerta-000124'));
    expect(otherKey.statusCode).toBe(409);

    expect((await send(one!)).json()).toEqual(opened.json());
    expect((await send(byReference!)).json()).toEqual([opened.json()]);
    expect((await send(events!)).json<{ action: string }[]>().map((event) => event.action)).toEqual(['created']);
    expect((await send(refused!)).statusCode).toBe(403);
  });
});
