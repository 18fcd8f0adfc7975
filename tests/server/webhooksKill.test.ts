import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { MissionDetail } from '../../src/domain/missions';
import { MAX_WEBHOOK_ENDPOINTS } from '../../src/domain/webhooks';
import type { CreatedWebhookEndpoint, WebhookMessage } from '../../src/domain/webhooks/contracts';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed';
import { IN_FLIGHT } from '../../server/webhooks/worker';
import { call, signIn } from './instances';
import { missionBody } from './missionsClient';
import { startReceiver } from './webhookReceiver';

/**
 * A server killed mid-delivery delivers after restart (docs/rules/webhooks.md): `npm start`'s server
 * (server/main.ts, as its own process, on an embedded database in its DATA_DIR) has as many messages
 * in flight as it sends at once, held by a receiver that does not answer, and more waiting behind
 * them, never attempted; it is SIGKILLed and started again on the same DATA_DIR. Every message
 * arrives, signed, with the webhook-id it had: the ones in flight again once their claim expires,
 * the ones never attempted exactly once.
 */
const ROOT = join(import.meta.dirname, '..', '..');
/** Long enough that no held attempt gives up before the kill on a loaded machine (the claim lasts it and 20 s). */
const TIMEOUT_MS = 8000;
const HOOKS = '/api/v1/integrations/webhooks';
const work = mkdtempSync(join(tmpdir(), 'pr-webhooks-kill-'));
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** server/main.ts on `dataDir` as the npm script runs it (without the build step); resolves once it listens. */
async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_RETRY_BASE_MS: '200',
    },
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  for (let i = 0; i < 1200; i++) {
    const port = /pronto em http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) return { child, exited, base: `http://127.0.0.1:${port}` };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`servidor não subiu:\n${output}`);
}

/** The migrated cluster of the run (tests/server/globalSetup.ts), seeded, in `dataDir`: the server skips initdb and the seed. */
async function preparedDataDir(): Promise<string> {
  const dataDir = join(work, 'data');
  const database = await openDatabase({ dataDir: join(dataDir, 'db'), template: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await migrateDatabase(database);
  await seedDemo(database.db);
  await database.close();
  return dataDir;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a server killed with webhook messages in flight and pending', () => {
  it('delivers every message after restart with its webhook-id; the never attempted ones once', { timeout: 300_000 }, async () => {
    const receiver = await startReceiver();
    receiver.answer = () => null;
    const dataDir = await preparedDataDir();
    const first = await startServer(dataDir);
    const gestor = await signIn(first, 'gestor@demo.com.br');
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) {
      const { status, json } = await call<CreatedWebhookEndpoint>(first, 'POST', HOOKS, gestor, { url: `${receiver.url}/${i}`, events: ['mission.created'] });
      expect(status).toBe(201);
      receiver.secrets.push(json.secret);
    }
    // More messages than the server sends at once: the ones beyond wait behind the held ones.
    const total = Math.ceil((IN_FLIGHT + 10) / MAX_WEBHOOK_ENDPOINTS) * MAX_WEBHOOK_ENDPOINTS;
    for (let i = 0; i < total / MAX_WEBHOOK_ENDPOINTS; i++) {
      const { status } = await call<MissionDetail>(first, 'POST', '/api/missions/request', gestor, missionBody({ processNumber: `PR-KILL-${i}` }));
      expect(status).toBe(201);
    }
    await receiver.waitFor(IN_FLIGHT, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    // What reached the receiver before the kill, counted once the dead server's sockets are gone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = new Set(receiver.received.map((r) => r.id));
    const seenBefore = receiver.received.length;
    expect(before.size).toBeGreaterThanOrEqual(IN_FLIGHT);
    expect(before.size).toBeLessThan(total);

    receiver.answer = () => 200;
    const second = await startServer(dataDir);
    // The claims of the dead server expire after the attempt's timeout and 20 s: then its messages go out again.
    const end = Date.now() + 90_000;
    while (new Set(receiver.received.map((r) => r.id)).size < total) {
      if (Date.now() > end) throw new Error(`chegaram ${new Set(receiver.received.map((r) => r.id)).size} de ${total} mensagens`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = await signIn(second, 'gestor@demo.com.br');
    const { json: hooks } = await call<{ _id: string }[]>(second, 'GET', HOOKS, token);
    const messages: WebhookMessage[] = [];
    for (const hook of hooks) {
      for (;;) {
        const { json } = await call<WebhookMessage[]>(second, 'GET', `${HOOKS}/${hook._id}/deliveries`, token);
        if (json.every((m) => m.state === 'delivered')) {
          messages.push(...json);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    second.child.kill('SIGKILL');

    expect(messages).toHaveLength(total);
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set(messages.map((m) => m._id)));
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    const after = receiver.received.slice(seenBefore);
    const times = (id: string) => receiver.received.filter((r) => r.id === id).length;
    for (const id of before) expect(after.some((r) => r.id === id)).toBe(true);
    for (const message of messages.filter((m) => !before.has(m._id))) expect(times(message._id)).toBe(1);
    await receiver.close();
  });
});
