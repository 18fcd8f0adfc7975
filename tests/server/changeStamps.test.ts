import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableName, sql } from 'drizzle-orm';
import { ChangeStamps } from '../../server/cache/changeStamps';
import type { Database } from '../../server/db/client';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { openNotifications, type Notifications } from '../../server/db/notifications';
import { seedDemo } from '../../server/demo/seed';
import { catalogueVersions, causes, chatReads, missionConfigs, missionMessages, shippers, users } from '../../server/db/schema';
import { RECORD_TABLES } from '../../server/db/schema/recordTables';
import { insertMission } from './liveClient';
import { createTestDatabase, truncateAll } from './helpers';

/**
 * The stamps every in-memory answer is kept under (server/cache/changeStamps.ts), on the driver
 * the suite runs on: each must have moved, for exactly what was written, once the writer's
 * instance has settled (at once on PGlite, after one NOTIFY's round trip on PostgreSQL).
 */
const silent = { warn: () => undefined } as never;
let database: Database;
let notifications: Notifications;
let stamps: ChangeStamps;

const tenant = (id: string) => ['tenants', `tenant:${id}`];
const KEYS = {
  demo: tenant(DEMO_IDS.riskManager),
  norte: tenant(DEMO_IDS.riskManagerNorte),
  admin: ['tenants', 'tenant:any'],
  gestor: ['user:5f0000000000000000001002'],
  prestador: ['user:5f0000000000000000001005'],
  causes: ['table:causes'],
  shippers: ['table:shippers'],
  chatDemo: [`chat:${DEMO_IDS.riskManager}`],
  unreadGestor: ['unread:5f0000000000000000001002'],
};
type Key = keyof typeof KEYS;
const all = () => Object.fromEntries(Object.entries(KEYS).map(([name, keys]) => [name, stamps.stamp(keys)])) as Record<Key, string | null>;

/** Which stamps moved across `write`, settled as a request's would be. */
async function moved(write: () => Promise<unknown>): Promise<Key[]> {
  const before = all();
  await write();
  await notifications.settle();
  const after = all();
  return (Object.keys(KEYS) as Key[]).filter((key) => after[key] !== before[key]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  notifications = await openNotifications(database.db, silent);
  stamps = await ChangeStamps.open(database.db, notifications);
});
afterAll(async () => {
  await notifications.close();
  await database.close();
});

describe('carimbos do que está em memória', () => {
  it('uma missão move o carimbo do seu tenant e o do admin, e não o de outro tenant nem o de usuários ou cadastros', async () => {
    expect(await moved(() => insertMission(database.db, DEMO_IDS.riskManager))).toEqual(['demo', 'admin']);
    expect(await moved(() => database.db.transaction((tx) => insertMission(tx, DEMO_IDS.riskManagerNorte)))).toEqual(['norte', 'admin']);
  });

  it('uma mensagem de chat move o carimbo do chat do seu tenant; uma leitura, o do leitor; nenhuma move as páginas', async () => {
    const mission = await insertMission(database.db, DEMO_IDS.riskManager);
    await notifications.settle();
    expect(
      await moved(() => database.db.insert(missionMessages).values({ mission, senderName: 'Prestador', senderRole: 'service_provider', chatType: 'mission_chat', message: 'chegamos' })),
    ).toEqual(['chatDemo']);
    expect(await moved(() => database.db.insert(chatReads).values({ user: '5f0000000000000000001002', mission, lastReadAt: new Date() }))).toEqual(['unreadGestor']);
  });

  it('um usuário gravado move só o seu carimbo', async () => {
    expect(await moved(() => database.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, '5f0000000000000000001005')))).toEqual([
      'prestador',
    ]);
  });

  it('um cadastro gravado move o carimbo da sua tabela e, sendo um nome exibido nas missões, os de todos os tenants', async () => {
    expect(await moved(() => database.db.update(causes).set({ active: true }).where(eq(causes.riskManager, DEMO_IDS.riskManager)))).toEqual([
      'demo',
      'norte',
      'admin',
      'causes',
    ]);
    expect(await moved(() => database.db.update(shippers).set({ name: 'Outro nome' }).where(eq(shippers.riskManager, DEMO_IDS.riskManagerNorte)))).toEqual([
      'demo',
      'norte',
      'admin',
      'shippers',
    ]);
  });

  it('uma gravação que não muda linha nenhuma (DELETE ou UPDATE de um id ausente) não move o carimbo dos nomes nem as páginas dos tenants', async () => {
    const version = async () =>
      (await database.db.select({ version: catalogueVersions.version }).from(catalogueVersions).where(eq(catalogueVersions.name, 'mission_names')))[0]?.version;
    const before = await version();
    const missing = '5f00000000000000000fffff';
    const pages = (keys: Key[]) => keys.filter((key) => key === 'demo' || key === 'norte' || key === 'admin');
    expect(pages(await moved(() => database.db.delete(causes).where(eq(causes.id, missing))))).toEqual([]);
    expect(pages(await moved(() => database.db.update(shippers).set({ name: 'Ninguém' }).where(eq(shippers.id, missing))))).toEqual([]);
    expect(pages(await moved(() => database.db.update(missionConfigs).set({ slaProposal: 30 }).where(eq(missionConfigs.id, missing))))).toEqual([]);
    expect(await version()).toBe(before);
    // A write that changes a row still moves them.
    expect(pages(await moved(() => database.db.update(causes).set({ active: true }).where(eq(causes.riskManager, DEMO_IDS.riskManager))))).toEqual([
      'demo',
      'norte',
      'admin',
    ]);
    expect(await version()).not.toBe(before);
  });

  it('esvaziar a tabela de usuários move todos os carimbos', async () => {
    const before = all();
    await database.db.execute(sql`truncate users cascade`);
    await notifications.settle();
    const after = all();
    for (const key of Object.keys(KEYS) as Key[]) expect(after[key], key).not.toBe(before[key]);
    await truncateAll(database);
    await seedDemo(database.db);
  });

  it('toda tabela de cadastro genérico anuncia as suas gravações (senão a sua lista não fica em memória)', () => {
    for (const table of Object.values(RECORD_TABLES)) {
      expect(stamps.announces(getTableName(table)), getTableName(table)).toBe(true);
    }
    expect(stamps.announces('missions')).toBe(false);
  });
});
