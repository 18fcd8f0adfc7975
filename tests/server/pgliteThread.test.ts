import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { openNotifications, type Notifications } from '../../server/db/notifications';
import { pgConstraint, pgErrorCode } from '../../server/db/errors';
import { rowsOf } from '../../server/missions/viewer';

/**
 * The embedded database on its own thread (server/db/pgliteThread.ts) keeps what the server relies
 * on from PGlite: transactions that commit or leave nothing, PostgreSQL's error fields, values as
 * drizzle reads them, and announcements heard before the answer of the statement that made them.
 */
const onPglite = !process.env.TEST_DATABASE_URL;
let database: Database;
let notifications: Notifications;
const heard: string[] = [];

beforeAll(async () => {
  if (!onPglite) return;
  database = await openDatabase({ template: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  notifications = await openNotifications(database.db, pino({ level: 'silent' }));
  notifications.on('data_changes', (payload) => heard.push(payload));
  await database.db.execute(sql`create table probe (n int primary key, code text unique deferrable initially deferred)`);
}, 60_000);
afterAll(async () => {
  await notifications?.close();
  await database?.close();
});

const count = async (db = database.db) => (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from probe`))[0]?.n;

describe.skipIf(!onPglite)('PGlite on its own thread', () => {
  it('a transaction that throws leaves nothing, and the error keeps PostgreSQL\'s code and constraint', async () => {
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe (n) values (1)`);
        await tx.execute(sql`insert into probe (n) values (1)`);
      })
      .catch((error: unknown) => error);
    expect(pgErrorCode(failed)).toBe('23505');
    expect(pgConstraint(failed)).toBe('probe_pkey');
    expect(await count()).toBe(0);
  });

  it('a commit refused by a deferred constraint fails the transaction and keeps nothing', async () => {
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (1, 'A'), (2, 'A')`);
      })
      .catch((error: unknown) => error);
    expect(pgErrorCode(failed)).toBe('23505');
    expect(await count()).toBe(0);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (3, 'B')`);
    });
    expect(await count()).toBe(1);
  });

  it('values come back as drizzle reads them: timestamps as text, json as objects, bytes as bytes', async () => {
    const [row] = await rowsOf<{ at: unknown; doc: unknown; bytes: unknown; big: unknown }>(
      database.db,
      sql`select ${'2026-01-02T03:04:05Z'}::timestamptz as at, ${JSON.stringify({ a: [1, 'b'] })}::jsonb as doc, ${Buffer.from([1, 2, 255])}::bytea as bytes, 7::int8 as big`,
    );
    expect(row?.at).toBe('2026-01-02 03:04:05+00');
    expect(row?.doc).toEqual({ a: [1, 'b'] });
    expect(row?.bytes).toEqual(new Uint8Array([1, 2, 255]));
    expect(row?.big).toBe(7);
  });

  it('an announcement is heard before the answer of the statement that made it', async () => {
    heard.length = 0;
    await database.db.execute(sql`select pg_notify('data_changes', 'alone')`);
    expect(heard).toEqual(['alone']);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('data_changes', 'committed')`);
    });
    expect(heard).toEqual(['alone', 'committed']);
  });

  it('an image of the data opens as a database of its own', async () => {
    const copy = await openDatabase({ template: await database.dump!() });
    try {
      expect(await count(copy.db)).toBe(1);
    } finally {
      await copy.close();
    }
  });

  it('a closed database refuses statements at once instead of leaving them waiting', async () => {
    const other = await openDatabase({ template: await database.dump!() });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
    const failed = await other.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect((failed as { cause?: Error }).cause?.message).toBe('o banco de dados embutido foi fechado');
  });
});
