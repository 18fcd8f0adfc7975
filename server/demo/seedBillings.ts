import { and, eq, inArray } from 'drizzle-orm';
import { BILLING_TARGETS, type BillingTarget } from '../../src/domain/billing/access';
import type { Odometer } from '../../src/domain/billing/types';
import { syncSides } from '../pricing/sides';
import type { Db } from '../db/client';
import { missionAgents, missionBillings, missions, users } from '../db/schema';

/**
 * The demo missions' billing (docs/rules/billing.md): the security agents that finished them and their two
 * sides, priced by the server's own rules (missionBilling/sides.ts) over those agents, so the
 * billing screen, the billing report and the dashboard have figures right after `npm start`.
 * The sides the mission's status calls billed are billed by the tenant's manager (shipper) and
 * by a user of the holding provider (provider), when the mission was last updated.
 */

const MINUTE = 60_000;

/** One agent's readings, `minutes` after the mission was created, from `km` on. */
function odometer(created: Date, km: number, minutes: [number, number, number, number], kms: [number, number, number]): Odometer {
  const at = (m: number) => new Date(created.getTime() + m * MINUTE).toISOString();
  const [arrival, endOnPlace, end] = kms;
  return {
    start: { km, time: at(minutes[0]) },
    arrivalOnPlace: { km: km + arrival, time: at(minutes[1]) },
    endOnPlace: { km: km + endOnPlace, time: at(minutes[2]) },
    end: { km: km + end, time: at(minutes[3]) },
  };
}

/**
 * Agents per mission, in the order given: the first mission within its franchise, the second with
 * time and km over it and two agents, the others a long single run.
 */
const AGENTS: Array<Array<{ name: string; km: number; minutes: [number, number, number, number]; kms: [number, number, number] }>> = [
  [{ name: 'Carlos Menezes', km: 48210.4, minutes: [15, 50, 170, 200], kms: [22.5, 61.3, 84.9] }],
  [
    { name: 'Rafael Teixeira', km: 120455, minutes: [10, 55, 235, 270], kms: [31.2, 98.6, 131.8] },
    { name: 'Juliana Prado', km: 9312.7, minutes: [25, 60, 250, 290], kms: [28.4, 77.1, 102.3] },
  ],
  [{ name: 'Marcos Vieira', km: 73021.9, minutes: [20, 65, 260, 300], kms: [40.2, 118.7, 150.4] }],
];

export async function seedBillings(db: Db, ids: readonly string[], now: Date): Promise<void> {
  const rows = await db.select().from(missions).where(inArray(missions.id, [...ids]));
  for (const [i, id] of ids.entries()) {
    const mission = rows.find((r) => r.id === id);
    if (!mission) continue;
    const agents = AGENTS[i % AGENTS.length] ?? [];
    if (agents.length > 0) {
      await db.insert(missionAgents).values(
        agents.map((a, j) => ({
          mission: id,
          name: a.name,
          odometer: odometer(mission.createdAt, a.km, a.minutes, a.kms),
          createdAt: new Date(mission.createdAt.getTime() + (a.minutes[3] + 5 + j) * MINUTE),
        })),
      );
    }
    await syncSides(db, mission, now, { reprice: false });
    for (const type of BILLING_TARGETS) {
      await db
        .update(missionBillings)
        .set({ billedAt: mission.updatedAt, billedBy: await billerOf(db, mission, type) })
        .where(and(eq(missionBillings.mission, id), eq(missionBillings.type, type), eq(missionBillings.status, 'billed')));
    }
  }
}

/** Who bills a side (billing/access.ts): the tenant's manager the shipper, the holder's user the provider. */
async function billerOf(db: Db, mission: typeof missions.$inferSelect, type: BillingTarget): Promise<string | null> {
  const where =
    type === 'serviceProvider' && mission.serviceProvider
      ? eq(users.serviceProvider, mission.serviceProvider)
      : and(eq(users.riskManager, mission.riskManager), eq(users.roleType, 'risk_manager'), eq(users.perfil, 'admin'));
  const [user] = await db.select({ id: users.id }).from(users).where(where).orderBy(users.id).limit(1);
  return user?.id ?? null;
}

/**
 * The running missions' agents (the live cost meter, src/domain/billing/meter.ts): on the road
 * and on place already, their leaving the place and return still ahead (the team's expected
 * times), so the meter's clock part runs right after `npm start`.
 */
export async function seedRunningAgents(db: Db, ids: readonly string[], now: Date): Promise<void> {
  const rows = await db.select().from(missions).where(inArray(missions.id, [...ids]));
  for (const [i, mission] of rows.entries()) {
    const sinceCreation = Math.round((now.getTime() - mission.createdAt.getTime()) / MINUTE);
    await db.insert(missionAgents).values({
      mission: mission.id,
      name: i === 0 ? 'Paulo Andrade' : 'Renata Lopes',
      odometer: odometer(mission.createdAt, 31250.6 + i * 1000, [15, 50, sinceCreation + 60, sinceCreation + 120], [24.3, 95.8, 160.4]),
      createdAt: new Date(mission.createdAt.getTime() + 55 * MINUTE),
    });
  }
}
