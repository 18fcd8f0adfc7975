import { and, asc, eq, type SQL } from 'drizzle-orm';
import {
  canPropose,
  missionActor,
  PROPOSAL_NOT_ALLOWED,
  type MissionEventAction,
  type Proposal,
  type ProposalStatus,
} from '../../src/domain/missions';
import type { ProposalFormValues } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { requirePfAuthorization } from '../agents/licences';
import { missions, proposals, serviceProviders } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors/httpErrors';
import { recordEvent } from './events';
import { lockMission, providerName, type MissionRecord } from './lock';
import { locationOf } from './rows';
import { visibleWhere, type Viewer } from './viewer';

/**
 * Proposals (docs/rules/competition.md): a provider of the mission's risk manager proposes while the
 * mission is open
 * — a search notice (pending) or a complete proposal with eta and location. One proposal per
 * provider per mission (unique index): a second POST replaces it, DELETE marks it canceled. Only
 * the proposing provider changes its proposal. Every write locks the mission first (lock.ts), so a
 * proposal cannot slip in while the mission is being accepted.
 */

type ProposalRow = typeof proposals.$inferSelect;

function toApi(row: ProposalRow, name: string): Proposal {
  const complete = row.etaTime !== null && row.etaDistanceKm !== null;
  return {
    _id: row.id,
    riskManager: row.riskManager,
    serviceProvider: row.serviceProvider,
    missionRequest: row.mission,
    status: row.status,
    eta: complete ? { time: row.etaTime ?? '', distanceInKm: row.etaDistanceKm ?? 0 } : null,
    location: row.zipcode === null ? null : locationOf(row),
    serviceProviderInfo: { name },
    createdAt: row.createdAt.toISOString(),
  };
}

async function readProposals(db: Db, where: SQL | undefined): Promise<Proposal[]> {
  const rows = await db
    .select({ proposal: proposals, name: serviceProviders.name })
    .from(proposals)
    .innerJoin(serviceProviders, eq(serviceProviders.id, proposals.serviceProvider))
    .where(where)
    .orderBy(asc(proposals.createdAt), asc(proposals.id));
  return rows.map((r) => toApi(r.proposal, r.name));
}

/** GET {id}/proposals: all of them for the risk manager and admins, its own for a provider. */
export async function listProposals(db: Db, viewer: Viewer, missionId: string): Promise<Proposal[]> {
  const [visible] = await db
    .select({ id: missions.id })
    .from(missions)
    .where(and(eq(missions.id, missionId), visibleWhere(viewer)));
  if (!visible) throw notFound();
  const own = viewer.kind === 'provider' ? eq(proposals.serviceProvider, viewer.provider) : undefined;
  return readProposals(db, and(eq(proposals.mission, missionId), own));
}

const formColumns = (value: Partial<ProposalFormValues>) => ({
  etaTime: value.eta?.time ?? null,
  etaDistanceKm: value.eta?.distanceInKm ?? null,
  zipcode: value.location?.zipcode ?? null,
  address: value.location?.address ?? null,
  number: value.location?.number ?? null,
  neighborhood: value.location?.neighborhood ?? null,
  city: value.location?.city ?? null,
  state: value.location?.state ?? null,
  latitude: value.location?.latitude ?? null,
  longitude: value.location?.longitude ?? null,
});

/** The caller may propose on the locked mission: 403 when not a provider of it, 409 when not open. */
function requireProposer(viewer: Viewer, mission: MissionRecord): string {
  const actor = missionActor(viewer.user, mission);
  if (viewer.kind !== 'provider' || actor === 'none') throw forbidden(PROPOSAL_NOT_ALLOWED);
  if (!canPropose(mission, actor)) throw conflict(PROPOSAL_NOT_ALLOWED);
  return viewer.provider;
}

export interface CreatedProposal {
  proposal: Proposal;
  created: boolean;
}

/** POST proposals: a notice or a complete proposal; the provider's earlier one is replaced. */
export async function upsertProposal(
  db: Db,
  viewer: Viewer,
  value: { missionRequest: string; status: 'pending' | 'completed' } & Partial<ProposalFormValues>,
  now: Date,
): Promise<CreatedProposal> {
  return db.transaction(async (tx) => {
    const mission = await lockMission(tx, viewer, value.missionRequest);
    const provider = requireProposer(viewer, mission);
    await requirePfAuthorization(tx, provider, now);
    const [existing] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.mission, mission.id), eq(proposals.serviceProvider, provider)));
    const columns = { status: value.status as ProposalStatus, ...formColumns(value), updatedAt: now };
    const [row] = existing
      ? await tx.update(proposals).set(columns).where(eq(proposals.id, existing.id)).returning()
      : await tx
          .insert(proposals)
          .values({ ...columns, mission: mission.id, missionCreatedAt: mission.createdAt, riskManager: mission.riskManager, serviceProvider: provider, createdAt: now })
          .returning();
    if (!row) throw new Error('proposal write returned no row');
    const action: MissionEventAction =
      value.status === 'pending' ? 'proposal_notice' : existing?.status === 'completed' ? 'proposal_updated' : 'proposal_completed';
    const named = await providerName(tx, provider);
    await recordEvent(tx, viewer.user, { mission: mission.id, action, from: null, to: null, provider: named }, now);
    return { proposal: toApi(row, named.name), created: !existing };
  });
}

/**
 * PUT/DELETE proposals/{id}: the proposal's own provider only (another provider: 404, as it
 * cannot see it; the risk manager: 403), while the mission is open and the proposal live.
 */
async function changeOwn(
  db: Db,
  viewer: Viewer,
  id: string,
  now: Date,
  change: (tx: Db, row: ProposalRow) => Promise<{ row: ProposalRow; action: MissionEventAction }>,
): Promise<Proposal> {
  const [found] = await db.select().from(proposals).where(eq(proposals.id, id));
  if (!found) throw notFound();
  if (viewer.kind === 'provider' && found.serviceProvider !== viewer.provider) throw notFound();
  if (viewer.kind === 'tenant' && found.riskManager !== viewer.riskManager) throw notFound();
  if (viewer.kind !== 'provider') throw forbidden(PROPOSAL_NOT_ALLOWED);
  return db.transaction(async (tx) => {
    const mission = await lockMission(tx, viewer, found.mission);
    requireProposer(viewer, mission);
    const [current] = await tx.select().from(proposals).where(eq(proposals.id, id));
    if (!current || (current.status !== 'pending' && current.status !== 'completed')) throw conflict(PROPOSAL_NOT_ALLOWED);
    const { row, action } = await change(tx, current);
    const named = await providerName(tx, current.serviceProvider);
    await recordEvent(tx, viewer.user, { mission: mission.id, action, from: null, to: null, provider: named }, now);
    return toApi(row, named.name);
  });
}

export function updateProposal(db: Db, viewer: Viewer, id: string, value: ProposalFormValues, now: Date): Promise<Proposal> {
  return changeOwn(db, viewer, id, now, async (tx, current) => {
    await requirePfAuthorization(tx, current.serviceProvider, now);
    const [row] = await tx
      .update(proposals)
      .set({ status: 'completed', ...formColumns(value), updatedAt: now })
      .where(eq(proposals.id, current.id))
      .returning();
    if (!row) throw notFound();
    return { row, action: current.status === 'completed' ? 'proposal_updated' : 'proposal_completed' };
  });
}

export async function removeProposal(db: Db, viewer: Viewer, id: string, now: Date): Promise<void> {
  await changeOwn(db, viewer, id, now, async (tx, current) => {
    const [row] = await tx.update(proposals).set({ status: 'canceled', updatedAt: now }).where(eq(proposals.id, current.id)).returning();
    if (!row) throw notFound();
    return { row, action: 'proposal_removed' };
  });
}
