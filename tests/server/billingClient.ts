import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BillingOthers } from '../../src/domain/billing/types';
import type { MissionBilling } from '../../src/domain/billing/api';
import type { MissionDetail } from '../../src/domain/missions';
import { missionBillings, missionEvents, missions } from '../../server/db/schema';
import { DEMO_ROSTER_IDS } from '../../server/demo/seedRosters';
import type { Client } from './catalogueClient';
import { BASE, type MissionAccount, type MissionsTest } from './missionsClient';

/** The billing tests' shared steps: a finished mission with agents, and the billing calls. */

export const BILLING = '/api/v1/billing';
export const billingUrl = {
  byMission: (id: string) => `${BILLING}/mission/id/${id}`,
  calculus: (id: string) => `${BILLING}/mission/${id}/calculus`,
  save: (id: string) => `${BILLING}/mission/${id}`,
  finalize: (id: string) => `${BILLING}/mission/${id}/finalize`,
};

/** 20/11/2026 08:00 UTC plus `minutes`. */
export const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes)).toISOString();

/** One agent: start 1000 km at 08:00, on the place at 08:40 (1030 km), leaving 11:30 (1090 km), back 12:10 (`endKm`). */
export const agentBody = (name = 'Rui', endKm = '1130') => ({
  name,
  odometer: {
    start: { km: '1000', time: at(0) },
    arrivalOnPlace: { km: '1030', time: at(40) },
    endOnPlace: { km: '1090', time: at(210) },
    end: { km: endKm, time: at(250) },
  },
});

export const others = (values: Partial<BillingOthers> = {}): BillingOthers => ({ toll: 0, expenses: 0, additions: 0, discounts: 0, ...values });

async function ok<T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>, status = 200): Promise<T> {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  return r.json<T>();
}

export const statusChange = (who: Client, id: string, status: string) => ok<MissionDetail>(who.put(`${BASE}/request/${id}/status`, { missionRequest: id, status }));

/** A mission started by `holder`, given `agents` by the holder, then finished by it. */
export async function finishedMission(m: MissionsTest, holder: MissionAccount = 'prestador', agents = [agentBody()]): Promise<string> {
  const mission = await m.started(holder);
  // Escolta Sul keeps a roster (server/demo/seedRosters.ts): its agents are picked from it, as the form does.
  const picked = holder === 'sul' ? { rosterAgent: DEMO_ROSTER_IDS.valid } : {};
  for (const agent of agents) await ok(m.as[holder].post(`${BASE}/${mission._id}/securityagents`, { ...agent, ...picked }), 201);
  await statusChange(m.as[holder], mission._id, 'finished');
  return mission._id;
}

export const billingOf = (who: Client, mission: string) => ok<MissionBilling>(who.get(billingUrl.byMission(mission)));

/** Everything a refused billing call must leave as it was: the mission, its sides, its events. */
export async function billingState(m: MissionsTest, mission: string) {
  const db = m.t.database.db;
  const [row] = await db.select().from(missions).where(eq(missions.id, mission));
  const sides = await db.select().from(missionBillings).where(eq(missionBillings.mission, mission)).orderBy(missionBillings.type);
  const events = await db.select().from(missionEvents).where(eq(missionEvents.mission, mission));
  return { status: row?.status, updatedAt: row?.updatedAt, sides, events: events.length };
}

/** A refusal: `status` with a Portuguese message (the `error` text, or each issue's). */
export function expectRefusal(response: { statusCode: number; json<T>(): T }, status: number, message?: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json<{ error?: string; errors?: { message: string }[] }>();
  const texts = body.error !== undefined ? [body.error] : (body.errors ?? []).map((e) => e.message);
  expect(texts.length).toBeGreaterThan(0);
  if (message !== undefined) expect(texts).toContain(message);
  // Portuguese, not a framework's English default.
  for (const text of texts) expect(text).not.toMatch(/\b(must|should|invalid|required|not found|forbidden)\b/i);
}
