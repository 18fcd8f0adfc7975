import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { missions, proposals } from '../db/schema';
import { forbidden } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';

/**
 * Who is looking at missions (docs/rules/tenancy-and-roles.md, tenancy): every read and write of the
 * missions service
 * starts from here, and nothing the client sends widens it.
 * - a platform admin (no tenant) sees every mission but acts on none (stateMachine.ts);
 * - a risk-manager user sees its tenant's missions;
 * - a provider sees its risk manager's open missions, the ones it holds and the ones it proposed
 *   on (those it lost show as 'rejected').
 */
export type Viewer =
  | { kind: 'all'; user: AuthUser }
  | { kind: 'tenant'; user: AuthUser; riskManager: string }
  | { kind: 'provider'; user: AuthUser; riskManager: string; provider: string };

export function viewerOf(user: AuthUser): Viewer {
  if (user.role.type === 'service_provider') {
    if (user.riskManager && user.serviceProvider) {
      return { kind: 'provider', user, riskManager: user.riskManager, provider: user.serviceProvider };
    }
    throw forbidden();
  }
  if (user.riskManager) return { kind: 'tenant', user, riskManager: user.riskManager };
  if (user.role.type === 'admin') return { kind: 'all', user };
  throw forbidden();
}

/** The provider's live proposal on the mission of the current `missions` row. */
export const ownProposalExists = (provider: string) =>
  sql`exists (select 1 from ${proposals} where ${proposals.mission} = ${missions.id}
    and ${proposals.serviceProvider} = ${provider} and ${proposals.status} <> 'canceled')`;

/** The missions `viewer` may see, as a condition on the `missions` table. */
export function visibleWhere(viewer: Viewer): SQL {
  if (viewer.kind === 'all') return sql`true`;
  if (viewer.kind === 'tenant') return sql`${missions.riskManager} = ${viewer.riskManager}`;
  return sql`${missions.riskManager} = ${viewer.riskManager} and (${missions.status} = 'open'
    or ${missions.serviceProvider} = ${viewer.provider} or ${ownProposalExists(viewer.provider)})`;
}

/** The rows of a raw query, on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A timestamp from a raw query (a Date on both drivers today; a string would also do). */
export const isoOf = (value: Date | string) => new Date(value).toISOString();
