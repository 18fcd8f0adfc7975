import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MissionDetail } from '../../src/domain/missions';
import type { CreatedWebhookEndpoint, WebhookMessage } from '../../src/domain/webhooks/contracts';
import { call, postgresAvailable, signIn, startInstances, type Instance } from './instances';
import { missionBody } from './missionsClient';
import { startReceiver, type Receiver } from './webhookReceiver';

/**
 * Two instances on one PostgreSQL (docs/operations/several-instances.md), both running the webhook
 * worker (docs/rules/webhooks.md): whichever instance wrote a change, and however the two race for
 * the outbox, each message reaches the receiver once in normal operation, signed; written while the
 * receiver was down, it arrives once it is up with the same webhook-id; a receiver answering 500
 * three times gets the fourth attempt, all four logged.
 */
const HOOKS = '/api/v1/integrations/webhooks';
const SETTINGS = { allowHttp: true, allowPrivate: true, timeoutMs: 2000, retryBaseMs: 100 };

describe.skipIf(!postgresAvailable)('webhook delivery on two instances', () => {
  let a: Instance;
  let b: Instance;
  let running: Awaited<ReturnType<typeof startInstances>>;
  let gestor: string;
  let receiver: Receiver;
  let processNumber = 0;

  beforeAll(async () => {
    running = await startInstances(2, { webhooks: SETTINGS });
    [a, b] = running.instances as [Instance, Instance];
    gestor = await signIn(a, 'gestor@demo.com.br');
  }, 60_000);
  afterAll(async () => running?.stop());
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    // Each test's endpoint is removed, so the next test's missions reach only its own receiver.
    const { json } = await call<{ _id: string }[]>(a, 'GET', HOOKS, gestor);
    for (const hook of json) await call(a, 'DELETE', `${HOOKS}/${hook._id}`, gestor);
    await receiver.close();
  });

  async function endpoint(on: Instance): Promise<CreatedWebhookEndpoint> {
    const { status, json } = await call<CreatedWebhookEndpoint>(on, 'POST', HOOKS, gestor, { url: receiver.url, events: ['mission.created'] });
    expect(status).toBe(201);
    receiver.secrets.push(json.secret);
    return json;
  }

  async function createMission(on: Instance): Promise<string> {
    processNumber += 1;
    const { status, json } = await call<MissionDetail>(on, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: `PR-WH-${processNumber}` }));
    expect(status).toBe(201);
    return json._id;
  }

  async function deliveries(on: Instance, hook: string): Promise<WebhookMessage[]> {
    const { status, json } = await call<WebhookMessage[]>(on, 'GET', `${HOOKS}/${hook}/deliveries`, gestor);
    expect(status).toBe(200);
    return json;
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > end) throw new Error(`condição não atingida: ${JSON.stringify(value).slice(0, 500)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('40 missions created alternately on A and B: each message delivered once, signed', async () => {
    const hook = await endpoint(a);
    const missions: string[] = [];
    for (let i = 0; i < 40; i++) missions.push(await createMission(i % 2 === 0 ? a : b));
    await receiver.waitFor(40, 30_000);
    const log = await until(() => deliveries(b, hook._id), (ms) => ms.length === 40 && ms.every((m) => m.state === 'delivered'));
    // Time for a second send of anything, had both instances claimed one message.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(40);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(40);
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    expect(receiver.received.map((r) => (r.body.data as { missionId: string }).missionId).sort()).toEqual([...missions].sort());
    expect(log.map((m) => m._id).sort()).toEqual(receiver.received.map((r) => r.id).sort());
    expect(log.every((m) => m.attempts === 1 && m.log.length === 1)).toBe(true);
  });

  it('written on both while the receiver is down: all delivered once it is up, with the same webhook-id', async () => {
    const port = receiver.port;
    const hook = await endpoint(b);
    await receiver.close();
    for (let i = 0; i < 6; i++) await createMission(i % 2 === 0 ? a : b);
    const failed = await until(() => deliveries(a, hook._id), (ms) => ms.length === 6 && ms.every((m) => m.log.length >= 1));
    expect(failed.every((m) => m.state === 'pending' && m.log[0]?.status === null && m.log[0]?.error)).toBe(true);
    const secrets = receiver.secrets;
    receiver = await startReceiver(port);
    receiver.secrets = secrets;
    await receiver.waitFor(6, 30_000);
    await until(() => deliveries(a, hook._id), (ms) => ms.every((m) => m.state === 'delivered'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received.map((r) => r.id).sort()).toEqual(failed.map((m) => m._id).sort());
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
  });

  it('500 three times then 200: delivered by the fourth attempt, whichever instance makes it, all four logged', async () => {
    receiver.answer = (_r, count) => (count <= 3 ? 500 : 200);
    const hook = await endpoint(a);
    await createMission(b);
    const got = await receiver.waitFor(4, 20_000);
    const [message] = await until(() => deliveries(b, hook._id), (ms) => ms[0]?.state === 'delivered');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(4);
    expect(new Set(got.map((r) => r.id))).toEqual(new Set([message?._id]));
    expect(got.every((r) => r.verifiedWith.length === 1)).toBe(true);
    expect(message?.attempts).toBe(4);
    expect(message?.log.map((attempt) => attempt.status)).toEqual([500, 500, 500, 200]);
  });
});
