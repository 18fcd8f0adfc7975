import { and, asc, eq } from 'drizzle-orm';
import { canReadRoster, canWriteRoster } from '../../src/domain/agents';
import type { Roster, RosterAgent } from '../../src/domain/agents/contracts';
import { saoPauloDay } from '../../src/domain/agents/licence';
import { ROSTER_MESSAGES, type RosterAgentValues } from '../../src/domain/schemas/rosterAgent';
import { recordAudit, type AuditSource } from '../audit/record';
import type { Db } from '../db/client';
import { writeOrReject } from '../db/errors';
import { rosterAgents, serviceProviders } from '../db/schema';
import { forbidden, notFound } from '../errors/httpErrors';
import type { Sendable } from '../shared/route';
import type { AuthUser } from '../shared/session';

/**
 * A provider's roster of security agents (docs/rules/agents.md): read by its own users, written by
 * its Administrador; another provider's agent is a 404, as if it did not exist, and risk managers
 * and platform admins read none. Every write is in the audit trail of the provider's risk manager.
 */

const columns = {
  _id: rosterAgents.id,
  name: rosterAgents.name,
  cpf: rosterAgents.cpf,
  cnvNumber: rosterAgents.cnvNumber,
  cnvValidUntil: rosterAgents.cnvValidUntil,
  refresherOn: rosterAgents.refresherOn,
  active: rosterAgents.active,
  createdAt: rosterAgents.createdAt,
};

/** The caller's provider, when the caller may read its roster; 403 otherwise. */
function readerProvider(user: AuthUser): string {
  if (!canReadRoster(user.role) || !user.serviceProvider) throw forbidden(ROSTER_MESSAGES.providersOnly);
  return user.serviceProvider;
}

function writerProvider(user: AuthUser): string {
  const provider = readerProvider(user);
  if (!canWriteRoster(user.role)) throw forbidden(ROSTER_MESSAGES.adminOnly);
  return provider;
}

export async function listRoster(db: Db, user: AuthUser, now: Date): Promise<Sendable<Roster>> {
  const provider = readerProvider(user);
  const [agents, [company]] = await Promise.all([
    db.select(columns).from(rosterAgents).where(eq(rosterAgents.serviceProvider, provider)).orderBy(asc(rosterAgents.name), asc(rosterAgents.id)),
    db
      .select({ number: serviceProviders.pfAuthorizationNumber, validUntil: serviceProviders.pfAuthorizationValidUntil })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, provider)),
  ]);
  return { agents, pfAuthorization: company ?? { number: null, validUntil: null }, today: saoPauloDay(now) };
}

const valuesOf = (v: RosterAgentValues) => ({
  name: v.name,
  cpf: v.cpf,
  cnvNumber: v.cnvNumber,
  cnvValidUntil: v.cnvValidUntil,
  refresherOn: v.refresherOn ?? null,
  active: v.active,
});

const audited = (provider: string, agent: Omit<RosterAgent, '_id' | 'createdAt'>) => ({ ...agent, serviceProvider: provider });

export async function createRosterAgent(db: Db, user: AuthUser, value: RosterAgentValues, source: AuditSource): Promise<Sendable<RosterAgent>> {
  const provider = writerProvider(user);
  return writeOrReject(
    () =>
      db.transaction(async (tx) => {
        const [created] = await tx
          .insert(rosterAgents)
          .values({ serviceProvider: provider, ...valuesOf(value) })
          .returning(columns);
        if (!created) throw new Error('roster agent write returned no row');
        await recordAudit(tx, source, { entity: 'rosterAgents', action: 'create', record: created._id, tenant: user.riskManager, after: audited(provider, created) });
        return created;
      }),
    ROSTER_MESSAGES.duplicateCpf,
  );
}

export async function updateRosterAgent(db: Db, user: AuthUser, id: string, value: RosterAgentValues, source: AuditSource): Promise<Sendable<RosterAgent>> {
  const provider = writerProvider(user);
  return writeOrReject(
    () =>
      db.transaction(async (tx) => {
        const mine = and(eq(rosterAgents.id, id), eq(rosterAgents.serviceProvider, provider));
        const [before] = await tx.select(columns).from(rosterAgents).where(mine).for('update');
        if (!before) throw notFound();
        const [after] = await tx
          .update(rosterAgents)
          .set(valuesOf(value))
          .where(mine)
          .returning(columns);
        if (!after) throw notFound();
        await recordAudit(tx, source, { entity: 'rosterAgents', action: 'update', record: id, tenant: user.riskManager, before: audited(provider, before), after: audited(provider, after) });
        return after;
      }),
    ROSTER_MESSAGES.duplicateCpf,
  );
}
