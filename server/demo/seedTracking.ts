import { eq } from 'drizzle-orm';
import { TRACKING_EXAMPLE_TOKEN } from '../../src/domain/tracking';
import type { Db } from '../db/client';
import { trackingLinks } from '../db/schema';
import { trackingHash } from '../tracking/links';
import { DEMO_IDS } from './demoIds';
import { MISSION_IDS } from './seedMissions';

/**
 * A shared tracking link of a running demo mission (DEMO-0003, started by Pronta Resposta Demo), so
 * the shipper's page opens right after `npm start`. A fixed token: demo data only, printed at start.
 */
export const DEMO_TRACKING_TOKEN = TRACKING_EXAMPLE_TOKEN;

export async function seedTracking(db: Db): Promise<void> {
  await db.insert(trackingLinks).values({
    mission: MISSION_IDS.startedFinishAsked,
    riskManager: DEMO_IDS.riskManager,
    hash: trackingHash(DEMO_TRACKING_TOKEN),
  });
}

/** Whether the demo link still opens (not revoked): start-up prints it only then. */
export async function demoTrackingOpen(db: Db): Promise<boolean> {
  const [row] = await db.select({ revokedAt: trackingLinks.revokedAt }).from(trackingLinks).where(eq(trackingLinks.hash, trackingHash(DEMO_TRACKING_TOKEN))).limit(1);
  return row !== undefined && row.revokedAt === null;
}
