import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { StoredMissionStatus } from '../../src/domain/missions';
import type { MonitoringQuery } from '../../src/domain/schemas';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { newId } from '../../server/db/ids';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { countOf, rangeOf, storedFilter, sumOf } from '../../server/missions/monitoringSets';
import { monitoringTotal } from '../../server/missions/monitoringTotal';
import type { Viewer } from '../../server/missions/viewer';
import { createTestDatabase } from './helpers';
import { MIGRATIONS_DIR } from '../../server/db/migrate';
import type { Database } from '../../server/db/client';
import type { AuthUser } from '../../server/shared/session';

/**
 * The monitoring total from tallies (migration 0017's triggers + monitoringTotal.ts) must equal the
 * row-by-row count for every viewer, status filter and date range, after inserts, updates that
 * move missions between tallies, and deletes. Missions sit on and around UTC midnights, where the
 * tallies' days and the filter's instants meet.
 */
const STATUSES: StoredMissionStatus[] = ['open', 'started', 'finished', 'billed_shipper', 'billed_provider', 'billed', 'canceled'];
const PROVIDERS = [DEMO_IDS.provider, DEMO_IDS.providerSul];
const BASE_DAY = Date.UTC(2026, 9, 10);
const H = 3_600_000;
const user = {} as AuthUser;
const VIEWERS: Viewer[] = [
  { kind: 'all', user },
  { kind: 'tenant', user, riskManager: DEMO_IDS.riskManager },
  { kind: 'tenant', user, riskManager: DEMO_IDS.riskManagerNorte },
  { kind: 'provider', user, riskManager: DEMO_IDS.riskManager, provider: DEMO_IDS.provider },
  { kind: 'provider', user, riskManager: DEMO_IDS.riskManager, provider: DEMO_IDS.providerSul },
];
const FILTERS: (string | undefined)[] = [undefined, 'new', 'rejected', 'started', 'finished', 'canceled', 'billed'];
const at = (day: number, ms = 0) => new Date(BASE_DAY + day * 24 * H + ms).toISOString();
const RANGES: Pick<MonitoringQuery, 'start' | 'end'>[] = [
  {},
  { start: at(1) },
  { start: at(1, 13 * H) },
  { end: at(3) },
  { end: at(3, 24 * H - 1) },
  { start: at(2, 5 * H), end: at(2, 20 * H) },
  { start: at(0, 22 * H), end: at(4, 2 * H) },
  { start: at(1), end: at(4) },
  { start: at(5), end: at(1) },
];

/** A seeded pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

let database: Database;
const next = random(7);
const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

async function insertMissions(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = newId();
    const tenant = next() < 0.8 ? DEMO_IDS.riskManager : DEMO_IDS.riskManagerNorte;
    const status = pick(STATUSES);
    const holder = tenant === DEMO_IDS.riskManager && status !== 'open' && next() < 0.7 ? pick(PROVIDERS) : null;
    // Whole hours, a millisecond either side of midnight, and exact midnights.
    const offset = pick([0, 1, -1, 6 * H, 12 * H, 24 * H - 1, 23 * H]);
    const created = at(Math.floor(next() * 6) - 1, offset);
    await database.db.execute(sql`insert into missions (id, risk_manager_id, shipper_id, franchise_plan_id, requester_id, status, service_provider_id, created_at)
      values (${id}, ${tenant}, ${CATALOGUE_IDS.shipperAndrade}, ${CATALOGUE_IDS.planAndrade}, ${CATALOGUE_IDS.requesterNorte}, ${status}, ${holder}, ${created})`);
    if (tenant === DEMO_IDS.riskManager) {
      for (const provider of PROVIDERS) {
        if (next() < 0.5) continue;
        await database.db.execute(sql`insert into proposals (id, mission_id, risk_manager_id, service_provider_id, status, mission_created_at)
          values (${newId()}, ${id}, ${tenant}, ${provider}, ${pick(['pending', 'completed', 'rejected', 'canceled', 'accepted'])}, ${created})`);
      }
    }
    ids.push(id);
  }
  return ids;
}

async function expectTotalsMatch() {
  const mismatches: string[] = [];
  for (const viewer of VIEWERS) {
    for (const status of FILTERS) {
      for (const range of RANGES) {
        const query = { page: 1, status, ...range } as MonitoringQuery;
        const expected = await sumOf(database.db, [countOf(viewer, storedFilter(status), rangeOf(query))]);
        const total = await monitoringTotal(database.db, viewer, query);
        if (total !== expected) mismatches.push(`${JSON.stringify({ viewer: viewer.kind, ...('provider' in viewer ? { p: viewer.provider } : {}), status, ...range })}: ${total} ≠ ${expected}`);
      }
    }
  }
  expect(mismatches).toEqual([]);
}

/** Proposals whose stored flag disagrees with their mission, and how many are flagged. */
async function droppedFlags(): Promise<{ wrong: number; dropped: number }> {
  const result = await database.db.execute(sql`select
      count(*) filter (where p.mission_dropped is distinct from (m.status = 'canceled' and m.service_provider_id is null))::int as wrong,
      count(*) filter (where p.mission_dropped)::int as dropped
    from proposals p join missions m on m.id = p.mission_id`);
  const [row] = (result as { rows: { wrong: number; dropped: number }[] }).rows;
  return { wrong: Number(row?.wrong), dropped: Number(row?.dropped) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { seedDemo } = await import('../../server/demo/seed');
  await seedDemo(database.db);
});
afterAll(() => database.close());

describe('total do monitoramento a partir das contagens por dia', () => {
  it('iguala a contagem linha a linha após inserções', async () => {
    await insertMissions(160);
    await expectTotalsMatch();
  });

  it('acompanha mudanças de status, de prestador e de proposta, e exclusões', async () => {
    const ids = await insertMissions(60);
    for (const id of ids.slice(0, 30)) {
      const status = pick(STATUSES);
      await database.db.execute(sql`update missions set status = ${status}, service_provider_id = ${status === 'open' ? null : pick([...PROVIDERS, null])} where id = ${id}`);
    }
    // One statement over many rows, some of them changing no tally at all.
    await database.db.execute(sql`update missions set finishing_asked = true where risk_manager_id = ${DEMO_IDS.riskManager}`);
    await database.db.execute(sql`update proposals set status = 'rejected' where status = 'completed' and service_provider_id = ${DEMO_IDS.providerSul}`);
    await database.db.execute(sql`update proposals set status = 'canceled' where status = 'rejected' and service_provider_id = ${DEMO_IDS.provider}`);
    const gone = ids.slice(30, 40);
    await database.db.execute(sql`delete from proposals where mission_id in (${sql.join(gone.map((id) => sql`${id}`), sql`, `)})`);
    await database.db.execute(sql`delete from missions where id in (${sql.join(gone.map((id) => sql`${id}`), sql`, `)})`);
    await expectTotalsMatch();
  });

  it('esvaziar as tabelas esvazia as contagens', async () => {
    await database.db.execute(sql`truncate mission_events, proposals, missions cascade`);
    const result = await database.db.execute(sql`select (select count(*) from mission_tallies) + (select count(*) from rejected_proposal_tallies)
      + (select count(*) from mission_status_tallies) + (select count(*) from rejected_proposal_totals) as n`);
    const [left] = (result as { rows: { n: number }[] }).rows;
    expect(Number(left?.n)).toBe(0);
    await insertMissions(20);
    await expectTotalsMatch();
  });

  it('as contagens guardadas são as das linhas', async () => {
    const stored = await database.db.execute(sql`select risk_manager_id, service_provider_id, status, day::text, missions from mission_tallies where missions <> 0 order by 1, 2, 3, 4`);
    const counted = await database.db.execute(sql`select risk_manager_id, coalesce(service_provider_id, '') as service_provider_id, status, (created_at at time zone 'UTC')::date::text as day, count(*)::int as missions
      from missions group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    expect((stored as { rows: unknown[] }).rows).toEqual((counted as { rows: unknown[] }).rows);
    const rejected = await database.db.execute(sql`select service_provider_id, day::text, proposals from rejected_proposal_tallies where proposals <> 0 order by 1, 2`);
    const rejectedCounted = await database.db.execute(sql`select service_provider_id, (mission_created_at at time zone 'UTC')::date::text as day, count(*)::int as proposals
      from proposals where status = 'rejected' group by 1, 2 order by 1, 2`);
    expect((rejected as { rows: unknown[] }).rows).toEqual((rejectedCounted as { rows: unknown[] }).rows);
    const undated = await database.db.execute(sql`select risk_manager_id, service_provider_id, status, missions from mission_status_tallies where missions <> 0 order by 1, 2, 3`);
    const undatedCounted = await database.db.execute(sql`select risk_manager_id, coalesce(service_provider_id, '') as service_provider_id, status, count(*)::int as missions
      from missions group by 1, 2, 3 order by 1, 2, 3`);
    expect((undated as { rows: unknown[] }).rows).toEqual((undatedCounted as { rows: unknown[] }).rows);
    const rejectedTotals = await database.db.execute(sql`select service_provider_id, proposals from rejected_proposal_totals where proposals <> 0 order by 1`);
    const rejectedTotalsCounted = await database.db.execute(sql`select service_provider_id, count(*)::int as proposals from proposals where status = 'rejected' group by 1 order by 1`);
    expect((rejectedTotals as { rows: unknown[] }).rows).toEqual((rejectedTotalsCounted as { rows: unknown[] }).rows);
  });

  it('as propostas guardam se a missão foi cancelada sem prestador, como está na missão', async () => {
    await insertMissions(60);
    const flags = await droppedFlags();
    expect(flags.wrong).toBe(0);
    expect(flags.dropped).toBeGreaterThan(0);
    // Open, canceled, a provider set on the canceled mission, unset, reopened: the flag follows each, in the writer's statement.
    const live = await database.db.execute(sql`select mission_id as id from proposals where status = 'pending' limit 1`);
    const [row] = (live as { rows: { id: string }[] }).rows;
    expect(row).toBeDefined();
    for (const [status, provider] of [['open', null], ['canceled', null], ['canceled', DEMO_IDS.provider], ['canceled', null], ['open', null]] as const) {
      await database.db.execute(sql`update missions set status = ${status}, service_provider_id = ${provider} where id = ${row!.id}`);
      const flags = await database.db.execute(sql`select bool_and(mission_dropped) as all_set, bool_or(mission_dropped) as any_set from proposals where mission_id = ${row!.id}`);
      const [flag] = (flags as { rows: { all_set: boolean; any_set: boolean }[] }).rows;
      const dropped = status === 'canceled' && provider === null;
      expect([flag?.all_set, flag?.any_set]).toEqual([dropped, dropped]);
    }
    await expectTotalsMatch();
  });

  it('a migração marca as propostas das missões já canceladas sem prestador', async () => {
    const dropped = (await droppedFlags()).dropped;
    await database.db.execute(sql`update proposals set mission_dropped = false`);
    // Migration 0032's own fill, read from its file.
    const migration = readFileSync(join(MIGRATIONS_DIR, '0032_dropped_missions_on_proposals.sql'), 'utf8').split('--> statement-breakpoint');
    const fill = migration.filter((s) => s.replace(/^--.*$/gm, '').trim().startsWith('UPDATE proposals'));
    expect(fill).toHaveLength(1);
    for (const statement of fill) await database.db.execute(sql.raw(statement));
    expect(await droppedFlags()).toEqual({ wrong: 0, dropped });
  });

  it('a migração preenche as contagens sem dia a partir das existentes', async () => {
    const before = await database.db.execute(sql`select risk_manager_id, service_provider_id, status, missions from mission_status_tallies where missions <> 0 order by 1, 2, 3`);
    await database.db.execute(sql`delete from mission_status_tallies`);
    await database.db.execute(sql`delete from rejected_proposal_totals`);
    // Migration 0030's own fill, read from its file.
    const migration = readFileSync(join(MIGRATIONS_DIR, '0030_undated_tallies.sql'), 'utf8').split('--> statement-breakpoint');
    for (const statement of migration.filter((s) => /^\s*INSERT INTO/m.test(s))) await database.db.execute(sql.raw(statement));
    const after = await database.db.execute(sql`select risk_manager_id, service_provider_id, status, missions from mission_status_tallies where missions <> 0 order by 1, 2, 3`);
    expect((after as { rows: unknown[] }).rows).toEqual((before as { rows: unknown[] }).rows);
    expect((after as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    await expectTotalsMatch();
  });
});
