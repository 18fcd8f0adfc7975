import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { MissionEvent } from '../../src/domain/missions';
import { POSITION_LIMIT } from '../../src/domain/positions';
import type { TrackerDevice } from '../../src/domain/positions/contracts';
import { positions } from '../../server/db/schema';
import { useMissionsApp, type MissionsTest } from './missionsClient';

/**
 * The intake's group commit (docs/rules/positions.md, "Receber uma posição"): fixes arriving
 * together are written together, yet each answer still says what happened to its own fix — a 200
 * only once it is stored, a 404 for a revoked device in the same group, the limit counted fix by
 * fix, a failed group answering no 200 at all, and the arrival written once under a burst.
 */

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

/** missionBody's place (Avenida Paulista, 1000), and a fix about 20 m from it. */
const INSIDE = { lat: -23.5615, lon: -46.6565 };

async function device(name: string): Promise<TrackerDevice> {
  const response = await m.as.prestador.post('/api/positions/devices', { name });
  expect(response.statusCode).toBe(201);
  return response.json<TrackerDevice>();
}

/** A fix `seconds` after the app's clock (the mission was accepted at the clock's time). */
const send = (of: TrackerDevice, point: { lat: number; lon: number }, seconds: number) =>
  m.t.app.inject({
    method: 'GET',
    url: `/api/positions/osmand?id=${of.identifier}&lat=${point.lat}&lon=${point.lon}&timestamp=${Math.floor(m.t.clock.now.getTime() / 1000) + seconds}`,
  });

const storedOf = async (of: TrackerDevice) =>
  (await m.t.database.db.execute(sql`select p.lat_e7 from positions p join tracker_devices d on d.key = p.device_key where d.identifier = ${of.identifier}`)) as { rows: { lat_e7: number }[] };

it('answers each fix of a burst for itself: the revoked device 404 and nothing of it stored, the others 200 and stored', async () => {
  await m.started();
  const [kept, revoked] = [await device('Celular 1'), await device('Celular 2')];
  expect((await m.as.prestador.del(`/api/positions/devices/${revoked._id}`)).statusCode).toBe(204);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i % 2 ? revoked : kept, { lat: -23.5 - i / 1000, lon: -46.6 }, i + 1)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 ? 404 : 200)));
  expect((await storedOf(kept)).rows).toHaveLength(6);
  expect((await storedOf(revoked)).rows).toHaveLength(0);
});

it('counts the limit fix by fix in a burst: exactly the first 120 of one device are kept, the rest 429', async () => {
  await m.started();
  const phone = await device('Celular da rajada');
  const burst = POSITION_LIMIT.max + 5;
  const answers = await Promise.all(Array.from({ length: burst }, (_, i) => send(phone, { lat: -23.5, lon: -46.6 }, i + 1)));
  const codes = answers.map((a) => a.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(POSITION_LIMIT.max);
  expect(codes.filter((c) => c === 429)).toHaveLength(5);
  expect((await storedOf(phone)).rows).toHaveLength(POSITION_LIMIT.max);
});

it('a group that fails to be written answers no 200: every 200 is stored, every other answer stored nothing', async () => {
  await m.started();
  const phone = await device('Celular 1');
  const db = m.t.database.db;
  // A fix the database refuses (as a full disk or a lost connection would refuse the whole group).
  await db.execute(sql.raw(`CREATE FUNCTION refuse_test_fix() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.lat_e7 = -235999999 THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`));
  await db.execute(sql.raw('CREATE TRIGGER refuse_test_fix BEFORE INSERT ON positions FOR EACH ROW EXECUTE FUNCTION refuse_test_fix()'));
  try {
    const lats = Array.from({ length: 20 }, (_, i) => (i === 10 ? -23.5999999 : -23.5 - i / 1000));
    const answers = await Promise.all(lats.map((lat, i) => send(phone, { lat, lon: -46.6 }, i + 1)));
    const stored = new Set((await storedOf(phone)).rows.map((r) => r.lat_e7));
    expect(answers[10]?.statusCode).toBe(500);
    lats.forEach((lat, i) => expect(stored.has(Math.round(lat * 1e7))).toBe(answers[i]?.statusCode === 200));
    // The fixes written with it are refused with it: at least that one answered no 200.
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(stored.size);
  } finally {
    await db.execute(sql.raw('DROP TRIGGER refuse_test_fix ON positions'));
    await db.execute(sql.raw('DROP FUNCTION refuse_test_fix()'));
  }
  expect((await send(phone, { lat: -23.5999999, lon: -46.6 }, 30)).statusCode).toBe(200);
  expect((await db.select({ n: count() }).from(positions).where(eq(positions.latE7, -235999999)))[0]?.n).toBe(1);
});

it('writes one arrival when the team\'s phones send a burst of fixes at the place at once', async () => {
  const mission = await m.started();
  const phones = [await device('Celular 1'), await device('Celular 2'), await device('Celular 3')];
  const answers = await Promise.all(phones.flatMap((phone) => [1, 2, 3].map((s) => send(phone, INSIDE, s))));
  expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  const events = (await m.events(mission._id)).filter((e: MissionEvent) => e.action === 'team_arrived' || e.action === 'team_left');
  expect(events.map((e) => e.action)).toEqual(['team_arrived']);
});
