import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedWebhookEndpoint, WebhookMessage } from '../../src/domain/webhooks/contracts';
import { postWebhook } from '../../server/webhooks/post';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { BASE, clearMissions, missionBody, proposalBody } from './missionsClient';
import { startReceiver, type Receiver } from './webhookReceiver';

/**
 * Webhook delivery (docs/rules/webhooks.md): a change writes its message in its own transaction and
 * the worker delivers it signed (verified here with the `standardwebhooks` package), retried with
 * the same webhook-id until the receiver takes it; 410 turns the endpoint off and e-mails the
 * tenant's Administrador users; a claim left by a dead instance expires and the message goes out;
 * internal addresses are refused; redirects are not followed; a slow receiver never slows a write.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const HOOKS = '/api/v1/integrations/webhooks';
const SETTINGS = { allowHttp: true, allowPrivate: true, timeoutMs: 600, retryBaseMs: 100 };

let t: TestApp;
let gestor: Client;
let prestador: Client;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ webhooks: SETTINGS }, { webhooks: {} });
  gestor = clientFor(t.app, await login(t.app, 'gestor@demo.com.br'));
  prestador = clientFor(t.app, await login(t.app, 'prestador@demo.com.br'));
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await clearMissions(t);
  await t.database.db.execute(sql`delete from webhook_endpoints`);
  t.outbox.length = 0;
  receiver = await startReceiver();
});
afterEach(async () => receiver.close());

async function endpoint(events: string[] = ['mission.created'], url = receiver.url): Promise<CreatedWebhookEndpoint> {
  const response = await gestor.post(HOOKS, { url, events });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<CreatedWebhookEndpoint>();
  receiver.secrets.push(created.secret);
  return created;
}

async function createMission(processNumber = 'PR-001'): Promise<string> {
  const response = await gestor.post(`${BASE}/request`, missionBody({ processNumber }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

async function deliveries(id: string): Promise<WebhookMessage[]> {
  const response = await gestor.get(`${HOOKS}/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookMessage[]>();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`condição não atingida: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('delivery', () => {
  it('delivers a signed mission.created in the versioned envelope, once', async () => {
    const hook = await endpoint(['mission.created', 'proposal.created', 'mission.status_changed', 'mission.accepted']);
    const mission = await createMission();
    const [first] = await receiver.waitFor(1);
    expect(first?.verifiedWith).toEqual([hook.secret]);
    expect(first?.body).toMatchObject({ type: 'mission.created', version: 1, data: { missionId: mission, processNumber: 'PR-001', status: 'open', action: 'created' } });
    const log = await until(() => deliveries(hook._id), (ms) => ms[0]?.state === 'delivered');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ _id: first?.id, event: 'mission.created', attempts: 1 });
    expect(log[0]?.log[0]).toMatchObject({ status: 200, response: 'ok 200', error: null });

    // A proposal and the acceptance: proposal.created, then mission.accepted and the status change.
    const proposal = await prestador.post(`${BASE}/proposals`, proposalBody(mission));
    expect(proposal.statusCode, proposal.body).toBe(201);
    const started = await gestor.put(`${BASE}/request/${mission}/status`, { missionRequest: mission, status: 'started', serviceProvider: proposal.json<{ serviceProvider: string }>().serviceProvider });
    expect(started.statusCode, started.body).toBe(200);
    await receiver.waitFor(4);
    const types = receiver.received.map((r) => r.body.type).sort();
    expect(types).toEqual(['mission.accepted', 'mission.created', 'mission.status_changed', 'proposal.created']);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(4);
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
  });

  it('sends nothing for an event the endpoint did not choose, nor to another tenant', async () => {
    await endpoint(['sos.raised']);
    const norte = clientFor(t.app, await login(t.app, 'gestor.norte@demo.com.br'));
    const other = await startReceiver();
    const response = await norte.post(HOOKS, { url: other.url, events: ['mission.created'] });
    expect(response.statusCode, response.body).toBe(201);
    await createMission();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received).toHaveLength(0);
    expect(other.received).toHaveLength(0);
    await other.close();
  });

  it('retries 500 ×3 then 200 with the same webhook-id, each attempt logged', async () => {
    receiver.answer = (_r, count) => (count <= 3 ? 500 : 200);
    const hook = await endpoint();
    await createMission();
    const got = await receiver.waitFor(4, 15_000);
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    expect(got.every((r) => r.verifiedWith.length === 1)).toBe(true);
    const [message] = await until(() => deliveries(hook._id), (ms) => ms[0]?.state === 'delivered');
    expect(message?.attempts).toBe(4);
    expect(message?.log.map((a) => a.status)).toEqual([500, 500, 500, 200]);
  });

  it('delivers everything written while the receiver was down, same ids, once it is up', async () => {
    const port = receiver.port;
    const hook = await endpoint();
    await receiver.close();
    await createMission('PR-A');
    await createMission('PR-B');
    const failed = await until(() => deliveries(hook._id), (ms) => ms.length === 2 && ms.every((m) => m.log.length >= 1));
    expect(failed.every((m) => m.log[0]?.status === null && m.log[0]?.error)).toBe(true);
    const secrets = receiver.secrets;
    receiver = await startReceiver(port);
    receiver.secrets = secrets;
    const got = await receiver.waitFor(2, 15_000);
    expect(got.map((r) => r.id).sort()).toEqual(failed.map((m) => m._id).sort());
    expect(got.every((r) => r.verifiedWith.length === 1)).toBe(true);
    await until(() => deliveries(hook._id), (ms) => ms.every((m) => m.state === 'delivered'));
  });

  it('410 turns the endpoint off and e-mails the Administrador users of its tenant', async () => {
    receiver.answer = () => 410;
    const hook = await endpoint();
    await createMission();
    const list = await until(
      async () => (await gestor.get(HOOKS)).json<{ _id: string; active: boolean; disabledReason: string | null }[]>(),
      (hooks) => hooks.some((h) => h._id === hook._id && !h.active),
    );
    expect(list.find((h) => h._id === hook._id)?.disabledReason).toBe('gone');
    await until(() => Promise.resolve(t.outbox.length), (n) => n > 0);
    expect(t.outbox).toHaveLength(1);
    expect(t.outbox[0]?.to).toBe('gestor@demo.com.br');
    expect(t.outbox[0]?.subject).toBe('Webhook desativado');
    // Off: no message is written for it, and the one pending waits until it is turned back on.
    await createMission('PR-2');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received).toHaveLength(1);
    receiver.answer = () => 200;
    const back = await gestor.put(`${HOOKS}/${hook._id}`, { url: receiver.url, events: ['mission.created'], active: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ disabledReason: string | null }>().disabledReason).toBeNull();
    const [message] = await until(() => deliveries(hook._id), (ms) => ms.length === 1 && ms[0]?.state === 'delivered');
    expect(message?.log.map((a) => a.status)).toEqual([410, 200]);
    expect(receiver.received.map((r) => r.id)).toEqual([message?._id, message?._id]);
  });

  it('an endpoint failing for 3 days is turned off', async () => {
    receiver.answer = () => 503;
    const hook = await endpoint();
    await t.database.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '3 days 1 minute' where id = ${hook._id}`);
    await createMission();
    const list = await until(
      async () => (await gestor.get(HOOKS)).json<{ _id: string; disabledReason: string | null }[]>(),
      (hooks) => hooks.some((h) => h._id === hook._id && h.disabledReason === 'failing'),
    );
    expect(list).toHaveLength(1);
    await until(() => Promise.resolve(t.outbox.length), (n) => n > 0);
  });

  it("'Reenviar' sends the same message again, same webhook-id", async () => {
    const hook = await endpoint();
    await createMission();
    const [first] = await receiver.waitFor(1);
    const [delivered] = await until(() => deliveries(hook._id), (ms) => ms[0]?.state === 'delivered');
    const again = await gestor.post(`${HOOKS}/messages/${delivered?._id}/resend`, {});
    expect(again.statusCode, again.body).toBe(200);
    const got = await receiver.waitFor(2);
    expect(got[1]?.id).toBe(first?.id);
    expect(got[1]?.body).toEqual(first?.body);
  });

  it("'Enviar teste' and 'Rotacionar segredo': both secrets sign for 24 h", async () => {
    const hook = await endpoint();
    const rotated = await gestor.post(`${HOOKS}/${hook._id}/rotate`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.secrets.push(secret);
    const test = await gestor.post(`${HOOKS}/${hook._id}/test`, {});
    expect(test.statusCode, test.body).toBe(202);
    const [got] = await receiver.waitFor(1);
    expect(got?.body.type).toBe('webhook.test');
    expect(got?.verifiedWith).toEqual([hook.secret, secret]);
    // Past the 24 h, only the new one signs.
    await t.database.db.execute(sql`update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = ${hook._id}`);
    await gestor.post(`${HOOKS}/${hook._id}/test`, {});
    const [, second] = await receiver.waitFor(2);
    expect(second?.verifiedWith).toEqual([secret]);
  });

  it('a claim left by an instance that died expires, and the message is delivered', async () => {
    const hook = await endpoint();
    // Another "instance" claims the message the moment it is written and dies before sending: a
    // trigger stands in for it, so the live worker can never get there first.
    const CLAIM_MS = 1500;
    await t.database.db.execute(sql.raw(`create function dead_instance_claims() returns trigger language plpgsql as $$
      begin new.claimed_until := now() + interval '${CLAIM_MS} milliseconds'; new.attempts := new.attempts + 1; return new; end $$`));
    await t.database.db.execute(sql.raw('create trigger dead_instance_claims before insert on webhook_messages for each row execute function dead_instance_claims()'));
    const before = Date.now();
    try {
      await createMission();
    } finally {
      await t.database.db.execute(sql.raw('drop trigger dead_instance_claims on webhook_messages'));
      await t.database.db.execute(sql.raw('drop function dead_instance_claims()'));
    }
    const [got] = await receiver.waitFor(1, 10_000);
    expect(got?.verifiedWith).toEqual([hook.secret]);
    // Not before the dead claim ran out (written after `before`), and counted as the second attempt.
    expect(got!.at - before).toBeGreaterThanOrEqual(CLAIM_MS);
    const [message] = await until(() => deliveries(hook._id), (ms) => ms[0]?.state === 'delivered');
    const attempts = rowsOf<{ attempts: number }>(await t.database.db.execute(sql`select attempts from webhook_messages where id = ${message!._id}`));
    expect(attempts[0]?.attempts).toBe(2);
    expect(receiver.received).toHaveLength(1);
  });

  it('a receiver that never answers does not slow the write; the attempt times out', async () => {
    receiver.answer = () => null;
    const hook = await endpoint();
    await createMission('PR-0');
    await receiver.waitFor(1);
    const started = performance.now();
    for (let i = 1; i <= 5; i++) await createMission(`PR-${i}`);
    expect(performance.now() - started).toBeLessThan(SETTINGS.timeoutMs * 2);
    const [message] = await until(() => deliveries(hook._id), (ms) => ms.some((m) => m.log.length > 0));
    const first = (await deliveries(hook._id)).find((m) => m.log.length > 0) ?? message;
    expect(first?.log[0]).toMatchObject({ status: null, error: `sem resposta em ${SETTINGS.timeoutMs} ms` });
    expect(first?.log[0]?.durationMs).toBeGreaterThanOrEqual(SETTINGS.timeoutMs - 5);
  });

  it('does not follow a redirect', async () => {
    const target = await startReceiver();
    receiver.answer = () => 302;
    const hook = await endpoint();
    await createMission();
    const [message] = await until(() => deliveries(hook._id), (ms) => (ms[0]?.log.length ?? 0) >= 1);
    expect(message?.log[0]?.status).toBe(302);
    expect(message?.state).toBe('pending');
    expect(target.received).toHaveLength(0);
    await target.close();
  });
});

describe('internal addresses (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  const strict = { ...SETTINGS, allowPrivate: false };
  const headers = { 'webhook-id': 'x', 'webhook-timestamp': '0', 'webhook-signature': 'v1,x' };

  it.each([
    'http://127.0.0.1:9/hook',
    'http://[::1]:9/hook',
    'http://[::ffff:127.0.0.1]:9/hook',
    'http://0x7f000001:9/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00:ec2::254]/',
    'http://10.1.2.3/',
    'http://192.168.0.10/',
    'http://172.16.5.4/',
  ])('refuses %s before connecting', async (url) => {
    const result = await postWebhook(url, headers, '{}', strict);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/endereço recusado/);
  });

  it('refuses a name that resolves to 127.0.0.1, and never reaches the receiver', async () => {
    const result = await postWebhook(`http://localhost:${receiver.port}/hook`, headers, '{}', strict);
    expect(result.error).toMatch(/^endereço recusado: localhost \((127\.0\.0\.1|::1)\)/);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses http:// without WEBHOOK_ALLOW_HTTP', async () => {
    const result = await postWebhook(receiver.url, headers, '{}', { ...strict, allowHttp: false });
    expect(result.error).toBe('somente https:// é aceito');
  });
});
