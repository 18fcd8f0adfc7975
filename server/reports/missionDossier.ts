import { and, eq } from 'drizzle-orm';
import type { BillingTarget } from '../../src/domain/billing/access';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails/types';
import { documentReader, eventsForClient, proposalsReceived, type MissionDetail } from '../../src/domain/missions';
import type { MissionFiscalKeys } from '../../src/domain/missions/fiscalKeyContracts';
import type { ReportKind } from '../../src/domain/missions/rowActions';
import type { ChainVerification } from '../../src/domain/reports';
import { verificationSeenAs, verifyChain, type ChainedEvent } from '../../src/domain/reports/chain';
import { REPORT_KIND_TARGET } from '../../src/domain/reports/missionReport';
import type { Db } from '../db/client';
import { checkedPersonal, missionChain, personalOf, readablePersonal, sha256Hex } from '../db/eventChain';
import { franchisePlans, missionBillings } from '../db/schema';
import { missionDetails } from '../missions/detailsStore';
import { missionFiscalKeysOf } from '../missions/fiscalKeys';
import { eventsSeenBy } from '../missions/events';
import type { MissionAccess } from '../missions/missionAccess';
import { seeMission, type MissionSeen } from '../missions/rows';
import type { Viewer } from '../missions/viewer';

/** Everything one mission PDF prints, read after the route has decided the caller may have it. */
export interface MissionDossier {
  kind: ReportKind;
  mission: MissionDetail;
  events: ChainedEvent[];
  chain: ChainVerification;
  /** How many providers sent a proposal, in a document for the client (which names the holder only); null in the holder's. */
  proposals: number | null;
  details: MissionDetailsResponse;
  /** The cargo's access keys: the mission's, read by whoever may read the mission. */
  fiscalKeys: MissionFiscalKeys;
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
 * The mission's event chain, checked whole, and the events of it `cut` keeps with a verification that
 * speaks of those only (verificationSeenAs).
 */
async function chainCut(
  db: Db,
  seen: MissionSeen,
  cut: (all: ChainedEvent[]) => ChainedEvent[],
): Promise<{ all: ChainedEvent[]; events: ChainedEvent[]; chain: ChainVerification }> {
  const [stored, personal] = await Promise.all([missionChain(db, seen.row._id), personalOf(db, seen.row._id)]);
  const all = checkedPersonal(stored, personal);
  const events = cut(all);
  const whole = verifyChain(seen.row._id, all, sha256Hex);
  // Verified as stored (placeholders: docs/rules/privacy.md); printed with the people put back.
  return { all, events: readablePersonal(events, personal), chain: events === all ? whole : verificationSeenAs(whole, all, events) };
}

/** The mission's event chain as the viewer may see it: a provider gets the events its standing allows. */
export const chainSeenBy = (db: Db, viewer: Viewer, seen: MissionSeen) => chainCut(db, seen, (all) => eventsSeenBy(all, viewer, seen.standing));

/**
 * Who the document is drawn as (competition.ts documentReader): a holder's document as its holder
 * sees the mission, whoever downloads it; a client's as the risk manager sees it, its timeline then
 * cut by eventsForClient.
 */
function drawnAs(viewer: Viewer, access: MissionAccess, kind: ReportKind): { viewer: Viewer; forClient: boolean } {
  if (documentReader(kind, viewer.kind === 'provider') === 'client') return { viewer, forClient: true };
  if (viewer.kind === 'provider') return { viewer, forClient: false };
  // The billed kinds exist once a provider finished the mission, so a holder's document has one.
  if (!access.serviceProvider) return { viewer, forClient: true };
  return { viewer: { kind: 'provider', user: viewer.user, riskManager: access.riskManager, provider: access.serviceProvider }, forClient: false };
}

/**
 * The dossier's data, as its reader may read it (drawnAs); null when the viewer may not see the
 * mission. The three reads after the mission run side by side.
 */
export async function loadDossier(db: Db, caller: Viewer, access: MissionAccess, kind: ReportKind, now: Date): Promise<MissionDossier | null> {
  const { viewer, forClient } = drawnAs(caller, access, kind);
  const seen = await seeMission(db, viewer, access.id);
  if (!seen) return null;
  const target = REPORT_KIND_TARGET[kind];
  const [{ all, events, chain }, details, billing, fiscalKeys] = await Promise.all([
    forClient ? chainCut(db, seen, (every) => eventsForClient(every, seen.row.serviceProvider)) : chainSeenBy(db, viewer, seen),
    missionDetails(db, access),
    target ? billingBlock(db, access.id, target) : Promise.resolve(null),
    missionFiscalKeysOf(db, access.id),
  ]);
  const proposals = forClient ? proposalsReceived(all) : null;
  return { kind, mission: seen.row, events, chain, proposals, details, billing, fiscalKeys, generatedAt: now };
}
