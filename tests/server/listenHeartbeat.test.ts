import { EventEmitter } from 'node:events';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { openNotifications, type Notifications } from '../../server/db/notifications';
import { createTestDatabase } from './helpers';

/**
 * On PostgreSQL an instance hears announcements on one LISTEN connection, which can stop hearing
 * without any error (a half-open socket). The instance announces a marker to itself now and then
 * (docs/operations/several-instances.md): when the marker goes unheard it stops answering from
 * memory, drops what it keeps, and listens again on a new connection.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the LISTEN connection checked by its own markers', () => {
  let database: Database;
  let notifications: Notifications | undefined;
  let muted = false;
  const warnings: string[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(String(args.at(-1))) } as never;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The listening connection's notifications vanish while muted, as on a socket that silently died.
    // pg's Client emits as the EventEmitter it extends.
    vi.spyOn(pg.Client.prototype, 'emit').mockImplementation(function (this: pg.Client, event: string | symbol, ...args: unknown[]) {
      if (muted && event === 'notification') return false;
      return EventEmitter.prototype.emit.call(this, event, ...args);
    });
  }, 60_000);
  afterEach(async () => {
    muted = false;
    await notifications?.close();
    notifications = undefined;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database.close();
  });

  it('a connection that stops hearing is given up within a heartbeat: nothing answered from memory, what was kept dropped, and it hears again', async () => {
    const opened = await openNotifications(database.db, log, { heartbeatMs: 200 });
    notifications = opened;
    let gaps = 0;
    opened.onGap(() => (gaps += 1));
    const heard: string[] = [];
    opened.on('data_changes', (payload) => heard.push(payload));
    expect(opened.live).toBe(true);

    muted = true;
    await database.db.execute(sql`select pg_notify('data_changes', 'perdido')`);
    await expect.poll(() => opened.live, { timeout: 10_000 }).toBe(false);
    expect(gaps).toBeGreaterThanOrEqual(1);
    expect(heard).toEqual([]);
    expect(warnings).toContain('avisos do banco: a conexão LISTEN não ouviu o próprio aviso; reabrindo');

    muted = false;
    await expect.poll(() => opened.live, { timeout: 10_000 }).toBe(true);
    await database.db.execute(sql`select pg_notify('data_changes', 'ouvido')`);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['ouvido']);
  }, 30_000);

  it('a write whose marker goes unheard does not wait on a dead connection: settle gives it up too', async () => {
    const opened = await openNotifications(database.db, log, { heartbeatMs: 60_000 });
    notifications = opened;
    let gaps = 0;
    opened.onGap(() => (gaps += 1));
    muted = true;
    await opened.settle();
    expect(opened.live).toBe(false);
    expect(gaps).toBe(1);
    muted = false;
    await expect.poll(() => opened.live, { timeout: 10_000 }).toBe(true);
    await opened.settle();
    expect(gaps).toBe(2);
  }, 30_000);
});
