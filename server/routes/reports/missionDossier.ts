import { and, eq } from 'drizzle-orm';
import type { BillingTarget } from '../../../src/domain/billing/access';
import type { MissionDetailsResponse } from '../../../src/domain/missionDetails/types';
import type { MissionDetail } from '../../../src/domain/missions';
import type { ReportKind } from '../../../src/domain/missions/rowActions';
import type { ChainVerification } from '../../../src/domain/reports';
import { verifyChain, type ChainedEvent } from '../../../src/domain/reports/chain';
import { REPORT_KIND_TARGET } from '../../../src/domain/reports/missionReport';
import type { Db } from '../../db/client';
import { missionChain, sha256Hex } from '../../db/eventChain';
import { franchisePlans, missionBillings } from '../../db/schema';
import { missionDetails } from '../missions/detailsStore';
import type { MissionAccess } from '../missions/missionAccess';

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

/** The dossier's data: four independent reads run side by side. */
export async function loadDossier(
  db: Db,
  access: MissionAccess,
  mission: MissionDetail,
  kind: ReportKind,
  now: Date,
): Promise<MissionDossier> {
  const target = REPORT_KIND_TARGET[kind];
  const [events, details, billing] = await Promise.all([
    missionChain(db, access.id),
    missionDetails(db, access),
    target ? billingBlock(db, access.id, target) : Promise.resolve(null),
  ]);
  return {
    kind,
    mission,
    events,
    chain: verifyChain(access.id, events, sha256Hex),
    details,
    billing,
    generatedAt: now,
  };
}
