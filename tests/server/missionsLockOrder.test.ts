import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MissionDetail } from '../../src/domain/missions';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { BASE, missionBody, useMissionsApp, type MissionsTest } from './missionsClient';

/**
 * A new mission and the start of another one of the same tenant, at once: both write the tenant's
 * monitoring token and its status tallies, and must take them in one order (docs/rules/missions.md,
 * "Ordem dos bloqueios"), or PostgreSQL kills one of them as a deadlock (40P01, a 500 to the user).
 */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const createRequest = () => m.as.gestor.post(`${BASE}/request`, missionBody());
const startRequest = (mission: string) =>
  m.as.gestor.put(`${BASE}/request/${mission}/status`, { missionRequest: mission, status: 'started', serviceProvider: DEMO_IDS.provider });

/** An open mission with the demo provider's complete proposal and Escolta Sul's notice (the start rejects it). */
async function proposed(): Promise<string> {
  const mission = await m.create();
  expect((await m.as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' })).statusCode).toBe(201);
  await m.propose('prestador', mission._id);
  return mission._id;
}

/** How many sessions of this test's database wait for a lock (the app's requests, not this query). */
async function lockWaiters(): Promise<number> {
  const result = await m.t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

async function untilWaiters(n: number): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if ((await lockWaiters()) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never ${n} sessions waiting for a lock`);
}

describe('a mission created while another one starts', () => {
  it.skipIf(!onPostgres)('both succeed when the creation comes while the start is between the token and the tallies', async () => {
    const mission = await proposed();
    // Another writer holds Escolta Sul's rejection total: the start takes the tenant's token (the
    // proposal approved), then waits there to reject Sul's notice, before it moves the status
    // tallies. The creation comes meanwhile; had it taken the tallies before the token, the start
    // would then wait for it and it for the start: a lock cycle, one of them killed (40P01, 500).
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const holder = m.t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into rejected_proposal_totals as t (service_provider_id, proposals) values (${DEMO_IDS.providerSul}, 0)
            on conflict (service_provider_id) do update set proposals = t.proposals`,
        );
        holding();
        await released;
        throw new Error('nothing to keep');
      })
      .catch(() => undefined);
    await held;
    const start = startRequest(mission);
    await untilWaiters(1);
    const create = createRequest();
    await untilWaiters(2);
    release();
    await holder;
    const [started, created] = await Promise.all([start, create]);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<MissionDetail>().status).toBe('started');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<MissionDetail>().status).toBe('open');
  });

  it('many creations and starts side by side never answer 500, and the tallies add up', async () => {
    const rounds = 8;
    const width = 4;
    for (let round = 0; round < rounds; round++) {
      const ready = await Promise.all(Array.from({ length: width }, () => proposed()));
      const answers = await Promise.all([
        ...ready.map((mission) => startRequest(mission)),
        ...Array.from({ length: width }, () => createRequest()),
      ]);
      for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    }
    const result = await m.t.database.db.execute(
      sql`select status, missions from mission_status_tallies where risk_manager_id = ${DEMO_IDS.riskManager} order by status`,
    );
    const tallies = (result as { rows: { status: string; missions: number }[] }).rows;
    expect(Object.fromEntries(tallies.map((row) => [row.status, row.missions]))).toEqual({ open: rounds * width, started: rounds * width });
  }, 120_000);
});
