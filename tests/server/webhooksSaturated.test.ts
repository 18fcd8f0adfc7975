import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_WEBHOOK_ENDPOINTS } from '../../src/domain/webhooks';
import type { CreatedWebhookEndpoint } from '../../src/domain/webhooks/contracts';
import { IN_FLIGHT } from '../../server/webhooks/worker';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { BASE, missionBody } from './missionsClient';
import { startReceiver, type Receiver } from './webhookReceiver';

/**
 * A receiver that never answers holds every delivery slot of the worker (docs/rules/webhooks.md)
 * while more messages are due: the worker waits for a slot to free instead of asking the database
 * again and again — on the embedded database every such query queues before the writes, and a
 * dead endpoint must never slow them. Once the held attempts time out, the waiting messages go out.
 */
const SETTINGS = { allowHttp: true, allowPrivate: true, timeoutMs: 8000, retryBaseMs: 100 };
const HOOKS = '/api/v1/integrations/webhooks';

let t: TestApp;
let gestor: Client;
let receiver: Receiver;
const outboxQueries: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ webhooks: SETTINGS }, { webhooks: {}, onQuery: (query) => void (/webhook_messages/.test(query) && outboxQueries.push(Date.now())) });
  gestor = clientFor(t.app, await login(t.app, 'gestor@demo.com.br'));
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

it('every slot held by a silent receiver: no query of the outbox until one frees; then the waiting ones go out', { timeout: 60_000 }, async () => {
  receiver.answer = () => null;
  for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) {
    const response = await gestor.post(HOOKS, { url: `${receiver.url}/${i}`, events: ['mission.created'] });
    expect(response.statusCode, response.body).toBe(201);
    receiver.secrets.push(response.json<CreatedWebhookEndpoint>().secret);
  }
  const total = Math.ceil((IN_FLIGHT + 10) / MAX_WEBHOOK_ENDPOINTS) * MAX_WEBHOOK_ENDPOINTS;
  for (let i = 0; i < total / MAX_WEBHOOK_ENDPOINTS; i++) {
    const response = await gestor.post(`${BASE}/request`, missionBody({ processNumber: `PR-SAT-${i}` }));
    expect(response.statusCode, response.body).toBe(201);
  }
  await receiver.waitFor(IN_FLIGHT, 20_000);
  // Every slot held, the rest due: a second in which nothing frees.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const from = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const asked = outboxQueries.filter((at) => at >= from && at < from + 1000).length;
  expect(receiver.received).toHaveLength(IN_FLIGHT);
  expect(asked).toBeLessThanOrEqual(2);

  receiver.answer = () => 200;
  const end = Date.now() + 30_000;
  while (new Set(receiver.received.map((r) => r.id)).size < total) {
    if (Date.now() > end) throw new Error(`chegaram ${new Set(receiver.received.map((r) => r.id)).size} de ${total}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
});
