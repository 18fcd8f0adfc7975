import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_OPTION, INVALID_TYPE, maxLength } from '../../src/domain/messages';
import { MAX_WEBHOOK_URL, WEBHOOK_MESSAGES } from '../../src/domain/webhooks';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '../../src/domain/webhooks/contracts';
import { resourceEndpoints } from '../../src/resources';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';

/**
 * The webhooks' endpoints (docs/rules/webhooks.md): the risk manager's Administrador and TI manage
 * their tenant's, a platform admin any tenant's; operational users and providers (competitors of
 * each other, never owners of a webhook) are refused; another tenant's endpoint is a 404; bad
 * input is a 400 in Portuguese with nothing written; the calls through the real data provider.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const HOOKS = '/api/v1/integrations/webhooks';
const ACCOUNTS = {
  admin: 'admin@demo.com.br',
  gestor: 'gestor@demo.com.br',
  ti: 'ti@demo.com.br',
  operador: 'operador@demo.com.br',
  prestador: 'prestador@demo.com.br',
  sul: 'prestador2@demo.com.br',
  norte: 'gestor.norte@demo.com.br',
} as const;
type Who = keyof typeof ACCOUNTS;

let t: TestApp;
const as = {} as Record<Who, Client>;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp({ webhooks: { allowHttp: false, allowPrivate: false, timeoutMs: 1000, retryBaseMs: 1000 } });
  for (const who of Object.keys(ACCOUNTS) as Who[]) {
    tokens[who] = await login(t.app, ACCOUNTS[who]);
    as[who] = clientFor(t.app, tokens[who]);
  }
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from webhook_endpoints`);
});

const body = (extra: Record<string, unknown> = {}) => ({ url: 'https://sistema.exemplo.com.br/webhooks', events: ['mission.created', 'sos.raised'], ...extra });

async function created(who: Who = 'gestor', extra: Record<string, unknown> = {}): Promise<CreatedWebhookEndpoint> {
  const response = await as[who].post(HOOKS, body(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedWebhookEndpoint>();
}

const count = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from webhook_endpoints`))[0]?.n;

describe('who manages webhooks', () => {
  it.each(['gestor', 'ti'] as const)('%s creates, lists, changes, rotates and deletes its tenant’s', async (who) => {
    const hook = await created(who);
    expect(hook).toMatchObject({ riskManager: DEMO_IDS.riskManager, active: true, disabledReason: null });
    expect(hook.secret).toMatch(/^whsec_/);
    const list = (await as[who].get(HOOKS)).json<WebhookEndpoint[]>();
    expect(list.map((h) => h._id)).toEqual([hook._id]);
    expect(JSON.stringify(list)).not.toContain(hook.secret);
    const changed = await as[who].put(`${HOOKS}/${hook._id}`, { ...body(), active: false });
    expect(changed.json<WebhookEndpoint>().active).toBe(false);
    expect((await as[who].post(`${HOOKS}/${hook._id}/rotate`, {})).statusCode).toBe(200);
    expect((await as[who].del(`${HOOKS}/${hook._id}`)).statusCode).toBe(204);
    expect(await count()).toBe(0);
  });

  it.each(['operador', 'prestador', 'sul'] as const)('%s is refused (403) and nothing is written', async (who) => {
    const response = await as[who].post(HOOKS, body());
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toBe(WEBHOOK_MESSAGES.notAllowed);
    expect((await as[who].get(HOOKS)).statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('another tenant’s endpoint is a 404 for every call; its list stays its own', async () => {
    const hook = await created('gestor');
    const calls = [
      () => as.norte.put(`${HOOKS}/${hook._id}`, body()),
      () => as.norte.del(`${HOOKS}/${hook._id}`),
      () => as.norte.post(`${HOOKS}/${hook._id}/rotate`, {}),
      () => as.norte.post(`${HOOKS}/${hook._id}/test`, {}),
      () => as.norte.get(`${HOOKS}/${hook._id}/deliveries`),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<{ error: string }>().error).toBe(WEBHOOK_MESSAGES.notFound);
    }
    expect((await as.norte.get(HOOKS)).json()).toEqual([]);
    const [message] = rowsOf<{ id: string }>(await t.database.db.execute(sql`insert into webhook_messages (id, endpoint_id, event, payload, next_attempt_at) values ('aaaaaaaaaaaaaaaaaaaaaaaa', ${hook._id}, 'webhook.test', '{}', now()) returning id`));
    const resend = await as.norte.post(`${HOOKS}/messages/${message?.id}/resend`, {});
    expect(resend.statusCode).toBe(404);
    expect(resend.json<{ error: string }>().error).toBe(WEBHOOK_MESSAGES.messageNotFound);
  });

  it('a platform admin names the tenant, lists one tenant or all', async () => {
    const missing = await as.admin.post(HOOKS, body());
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(WEBHOOK_MESSAGES.riskManagerRequired);
    const norte = await created('admin', { riskManager: DEMO_IDS.riskManagerNorte });
    expect(norte.riskManager).toBe(DEMO_IDS.riskManagerNorte);
    await created('gestor');
    expect((await as.admin.get(HOOKS)).json<WebhookEndpoint[]>()).toHaveLength(2);
    expect((await as.admin.get(`${HOOKS}?riskManager=${DEMO_IDS.riskManagerNorte}`)).json<WebhookEndpoint[]>().map((h) => h._id)).toEqual([norte._id]);
    // A tenant's body never widens its scope.
    expect((await created('gestor', { riskManager: DEMO_IDS.riskManagerNorte })).riskManager).toBe(DEMO_IDS.riskManager);
  });
});

describe('bad input: 400 in Portuguese, nothing written', () => {
  it.each([
    ['no url', { url: undefined }, WEBHOOK_MESSAGES.urlRequired],
    ['not an address', { url: 'sistema exemplo' }, WEBHOOK_MESSAGES.urlInvalid],
    ['another scheme', { url: 'ftp://exemplo.com.br/x' }, WEBHOOK_MESSAGES.urlInvalid],
    ['http without WEBHOOK_ALLOW_HTTP', { url: 'http://exemplo.com.br/x' }, WEBHOOK_MESSAGES.urlNotHttps],
    ['an internal address', { url: 'https://169.254.169.254/latest' }, WEBHOOK_MESSAGES.urlPrivate],
    ['credentials in the url', { url: 'https://eu:senha@exemplo.com.br/x' }, WEBHOOK_MESSAGES.urlCredentials],
    ['over-long url', { url: `https://exemplo.com.br/${'a'.repeat(MAX_WEBHOOK_URL)}` }, maxLength(MAX_WEBHOOK_URL)],
    ['control characters', { url: 'https://exemplo.com.br/\u0000x' }, CONTROL_CHARACTERS_NOT_ALLOWED],
    ['url of the wrong type', { url: 42 }, INVALID_TYPE],
    ['no event', { events: [] }, WEBHOOK_MESSAGES.eventsRequired],
    ['unknown event', { events: ['mission.deleted'] }, INVALID_OPTION],
    ['events of the wrong type', { events: 'mission.created' }, INVALID_TYPE],
    ['active of the wrong type', { active: 'sim' }, INVALID_TYPE],
    ['nested deep', { events: [[[[['mission.created']]]]] }, INVALID_TYPE],
  ])('%s', async (_name, extra, message) => {
    const response = await as.gestor.post(HOOKS, body(extra));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(message);
    expect(await count()).toBe(0);
  });

  it('a change with a bad url leaves the endpoint as it was', async () => {
    const hook = await created();
    const response = await as.gestor.put(`${HOOKS}/${hook._id}`, { ...body(), url: 'http://exemplo.com.br/x' });
    expect(response.statusCode).toBe(400);
    expect((await as.gestor.get(HOOKS)).json<WebhookEndpoint[]>()[0]?.url).toBe(body().url);
  });
});

describe('through the data provider', () => {
  it('creates, lists, tests, reads the log, resends, rotates and removes', async () => {
    const httpClient = createHttpClient({
      fetch: async (input, init = {}) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
        const response = await t.app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url,
          headers: Object.fromEntries(new Headers(init.headers).entries()),
          ...(typeof init.body === 'string' ? { payload: init.body } : {}),
        });
        return new Response(response.statusCode === 204 ? null : response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
      },
      getToken: () => tokens.gestor,
      sleep: () => Promise.resolve(),
    });
    const provider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const hook = await provider.createWebhookEndpoint({ url: body().url, events: ['mission.created'], active: true, riskManager: null });
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await provider.webhookEndpoints()).map((h) => h._id)).toEqual([hook._id]);
    const test = await provider.testWebhookEndpoint(hook._id);
    expect(test).toMatchObject({ event: 'webhook.test', state: 'pending', log: [] });
    expect((await provider.webhookDeliveries(hook._id)).map((m) => m._id)).toEqual([test._id]);
    expect((await provider.resendWebhookMessage(test._id))._id).toBe(test._id);
    const updated = await provider.updateWebhookEndpoint(hook._id, { url: body().url, events: ['billing.closed'], active: false });
    expect(updated.events).toEqual(['billing.closed']);
    const rotated = await provider.rotateWebhookSecret(hook._id);
    expect(rotated.secret).not.toBe(hook.secret);
    await provider.removeWebhookEndpoint(hook._id);
    expect(await provider.webhookEndpoints()).toEqual([]);
  });
});
