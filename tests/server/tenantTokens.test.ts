import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { DEMO_IDS } from '../../server/db/demoIds';
import { seedDemo } from '../../server/db/seed';
import { shippers } from '../../server/db/schema';
import type { AuthUser } from '../../server/plugins/auth';
import { tenantTokens, type TenantTokens } from '../../server/routes/missions/tenantTokens';
import type { Viewer } from '../../server/routes/missions/viewer';
import { insertMission } from './liveClient';
import { createTestDatabase } from './helpers';

/**
 * The tokens the monitoring cache keys on (PGlite: counters moved by migration 0019's
 * announcements; PostgreSQL: the token table): each must have moved by the time the writer's own
 * statement has returned, for exactly the tenants written to.
 */
const user = {} as AuthUser;
const demo: Viewer = { kind: 'tenant', user, riskManager: DEMO_IDS.riskManager };
const norte: Viewer = { kind: 'tenant', user, riskManager: DEMO_IDS.riskManagerNorte };
const provider: Viewer = { kind: 'provider', user, riskManager: DEMO_IDS.riskManager, provider: DEMO_IDS.provider };
const admin: Viewer = { kind: 'all', user };

let database: Database;
let tokens: TenantTokens;
const all = () => Promise.all([demo, norte, provider, admin].map((viewer) => tokens.of(viewer)));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  tokens = await tenantTokens(database.db);
  // A first write per tenant: on PostgreSQL a tenant has no token before it.
  await insertMission(database.db, DEMO_IDS.riskManager);
  await insertMission(database.db, DEMO_IDS.riskManagerNorte);
});
afterAll(async () => {
  await tokens.close();
  await database.close();
});

describe('tokens do cache do monitoramento', () => {
  it('uma escrita move, antes de a escrita retornar, o token do seu tenant e o do admin, e não o de outro tenant', async () => {
    const [demoBefore, norteBefore, providerBefore, adminBefore] = await all();
    await insertMission(database.db, DEMO_IDS.riskManager);
    const [demoAfter, norteAfter, providerAfter, adminAfter] = await all();
    expect(demoAfter).not.toBe(demoBefore);
    expect(providerAfter).not.toBe(providerBefore);
    expect(adminAfter).not.toBe(adminBefore);
    expect(norteAfter).toBe(norteBefore);
  });

  it('a escrita de uma transação move o token no COMMIT', async () => {
    const before = await tokens.of(norte);
    await database.db.transaction(async (tx) => {
      await insertMission(tx, DEMO_IDS.riskManagerNorte);
    });
    expect(await tokens.of(norte)).not.toBe(before);
  });

  it('renomear um nome exibido e esvaziar a tabela de tokens movem todos', async () => {
    let before = await all();
    await database.db.update(shippers).set({ name: 'Outro nome' }).where(eq(shippers.riskManager, DEMO_IDS.riskManagerNorte));
    let after = await all();
    for (const [i, token] of after.entries()) expect(token, String(i)).not.toBe(before[i]);

    before = after;
    await database.db.execute(sql`truncate mission_versions`);
    after = await all();
    // PostgreSQL: no row, no token (nothing is cached); PGlite: every counter moved.
    for (const [i, token] of after.entries()) expect(token, String(i)).not.toBe(before[i]);
  });
});
