import { and, eq } from 'drizzle-orm';
import type { BillingTarget } from '../../src/domain/billing/access';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails/types';
import type { MissionDetail } from '../../src/domain/missions';
import type { ReportKind } from '../../src/domain/missions/rowActions';
import type { ChainVerification } from '../../src/domain/reports';
import { verificationSeenAs, verifyChain, type ChainedEvent } from '../../src/domain/reports/chain';
import { REPORT_KIND_TARGET } from '../../src/domain/reports/missionReport';
import type { Db } from '../db/client';
import { missionChain, sha256Hex } from '../db/eventChain';
import { franchisePlans, missionBillings } from '../db/schema';
import { missionDetails } from '../missions/detailsStore';
import { eventsSeenBy } from '../missions/events';
import type { MissionAccess } from '../missions/missionAccess';
import type { MissionSeen } from '../missions/rows';
import type { Viewer } from '../missions/viewer';

/** Everything one mission PDF prints, read after the route has decided the caller may have it. */
export interface MissionDossier {
  kind: ReportKind;
  mission: MissionDetail;
  events: ChainedEvent[];
  chain: ChainVerification;
  details: MissionDetailsResponse;
  /** The kind's billing side; null for 'Atendimento', or while the side has no row yet. */
  billing: BillingBlock | null;
  generatedAt: Date;
}

export type BillingBlock = typeof missionBillings.$inferSelect & { target: BillingTarget; planName: string | null };

async function billingBlock(db: Db, mission: string, target: BillingTarget): Promise<BillingBlock | null> {
  const [row] = await db
    .select({ billing: missionBillings, planName: franchisePlans.name })
    .from(missionBillings)
    .leftJoin(franchisePlans, eq(franchisePlans.id, missionBillings.franchisePlan))
    .where(and(eq(missionBillings.mission, mission), eq(missionBillings.type, target)));
  return row ? { ...row.billing, target, planName: row.planName } : null;
}

/**
 * The mission's event chain, checked whole, as the viewer may see it: a provider gets the events
 * its standing allows and a verification that speaks of those only (verificationSeenAs).
 */
export async function chainSeenBy(
  db: Db,
  viewer: Viewer,
  seen: MissionSeen,
): Promise<{ events: ChainedEvent[]; chain: ChainVerification }> {
  const all = await missionChain(db, seen.row._id);
  const events = eventsSeenBy(all, viewer, seen.standing);
  const whole = verifyChain(seen.row._id, all, sha256Hex);
  return { events, chain: events === all ? whole : verificationSeenAs(whole, all, events) };
}

/** The dossier's data: three independent reads run side by side. */
export async function loadDossier(
  db: Db,
  viewer: Viewer,
  access: MissionAccess,
  seen: MissionSeen,
  kind: ReportKind,
  now: Date,
): Promise<MissionDossier> {
  const target = REPORT_KIND_TARGET[kind];
  const [{ events, chain }, details, billing] = await Promise.all([
    chainSeenBy(db, viewer, seen),
    missionDetails(db, access),
    target ? billingBlock(db, access.id, target) : Promise.resolve(null),
  ]);
  return { kind, mission: seen.row, events, chain, details, billing, generatedAt: now };
}
