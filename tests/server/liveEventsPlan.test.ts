/**
 * The live hub reads every announced event with its mission (server/live/events.ts). That read
 * holds PGlite for everyone while it runs, so it must look the mission up by key whatever the
 * statistics say. Here they are deliberately stale, as PGlite leaves them (taken while
 * mission_events was nearly empty); as a plain join the planner then merge-joined along the whole
 * missions key for one new event. The plan is checked, not the time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { newId } from '../../server/db/ids';
import { seedDemo } from '../../server/demo/seed';
import { eventsByIds } from '../../server/live/events';
import { createTestDatabase } from './helpers';

const MISSIONS = 3_000;

let database: Database;
const queries: { query: string; params: unknown[] }[] = [];
beforeAll(async () => {
  database = await createTestDatabase((query, params) => queries.push({ query, params }));
  await seedDemo(database.db);
}, 120_000);
afterAll(async () => database?.close());

/** Every column of a demo mission but its id, copied under each id `ids` (an SQL set of ids) yields. */
async function copyMission(ids: ReturnType<typeof sql>) {
  const columns = ((await database.db.execute(
    sql`select column_name from information_schema.columns where table_name = 'missions' and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
  )) as { rows: { column_name: string }[] }).rows.map((r) => `"${r.column_name}"`);
  const list = sql.raw(columns.join(', '));
  await database.db.execute(sql`insert into missions (id, ${list})
    select ids.id, ${list} from (select id from missions order by id limit 1) source join missions m on m.id = source.id,
      (${ids}) as ids(id)`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('live event read', () => {
  it('looks each event’s mission up by key, even with statistics from an empty timeline', async () => {
    // Keys after the demo missions' (whose events the statistics see) and before a new one's (newId
    // starts with the time): the layout that made the planner expect a short merge along the key.
    await copyMission(sql`select '60' || lpad(to_hex(g), 22, '0') from generate_series(1, ${MISSIONS}) g`);
    await database.db.execute(sql`analyze`);
    const mission = newId();
    await copyMission(sql`select ${mission}::text`);
    const event = newId();
    await database.db.execute(sql`insert into mission_events (id, mission_id, actor_name, role_type, action, created_at)
      values (${event}, ${mission}, 'Teste', 'admin', 'created', now())`);

    queries.length = 0;
    const [row] = await eventsByIds(database.db, [event]);
    expect(row?.mission).toBe(mission);
    const read = queries.at(-1);
    if (!read) throw new Error('no query');
    const bound = read.query.replace(/\$(\d+)/g, (_, n: string) => `'${String(read.params[Number(n) - 1])}'`);
    const result = (await database.db.execute(sql.raw(`explain (analyze, format json) ${bound}`))) as { rows: Record<string, unknown>[] };
    const explained = Object.values(result.rows[0] ?? {})[0];
    const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as { Plan: PlanNode }[];
    const nodes = nodesOf(plan[0]?.Plan as PlanNode);
    const onMissions = nodes.filter((n) => n['Relation Name'] === 'missions');
    expect(onMissions.length).toBeGreaterThan(0);
    for (const node of onMissions) expect(node['Actual Rows'] * node['Actual Loops'], node['Node Type']).toBeLessThanOrEqual(1);
  });
});
