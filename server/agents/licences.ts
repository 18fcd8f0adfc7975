import { and, eq } from 'drizzle-orm';
import { AGENT_INACTIVE, CNV_EXPIRED, isValidOn, pfAuthorizationAllows, PF_AUTHORIZATION_EXPIRED, ROSTER_AGENT_REQUIRED, saoPauloDay } from '../../src/domain/agents/licence';
import type { Db } from '../db/client';
import { rosterAgents, serviceProviders } from '../db/schema';
import { badRequest, conflict } from '../errors/httpErrors';

/**
 * The two licence rules the server enforces (docs/rules/agents.md), each answered in Portuguese:
 * an agent is put on a mission only from his provider's roster with a CNV valid today (a provider
 * without a roster types a name, 'sem cadastro'); a provider sends proposals only with a valid
 * Polícia Federal authorisation.
 */

/** The snapshot a mission's agent row keeps of the roster agent: his CPF and CNV as they were that day. */
export interface AgentSnapshot {
  rosterAgent: string | null;
  cpf: string | null;
  cnvNumber: string | null;
  cnvValidUntil: string | null;
}

/** The name a mission's agent row stores and its snapshot. */
export interface PickedAgent {
  name: string;
  snapshot: AgentSnapshot;
}

export const UNREGISTERED: AgentSnapshot = { rosterAgent: null, cpf: null, cnvNumber: null, cnvValidUntil: null };

/**
 * The agent a provider puts on a mission, checked: a roster agent of that provider (another's is
 * refused as unknown), active, CNV valid today; a typed name only while the roster is empty.
 * Answers the name to store (the roster's) and the snapshot.
 */
export async function pickedAgent(db: Db, provider: string, picked: { name: string; rosterAgent?: string | null }, now: Date): Promise<PickedAgent> {
  if (!picked.rosterAgent) {
    const [any] = await db.select({ id: rosterAgents.id }).from(rosterAgents).where(eq(rosterAgents.serviceProvider, provider)).limit(1);
    if (any) throw badRequest(ROSTER_AGENT_REQUIRED);
    return { name: picked.name, snapshot: UNREGISTERED };
  }
  const [agent] = await db
    .select()
    .from(rosterAgents)
    .where(and(eq(rosterAgents.id, picked.rosterAgent), eq(rosterAgents.serviceProvider, provider)));
  if (!agent) throw badRequest(ROSTER_AGENT_REQUIRED);
  if (!agent.active) throw conflict(AGENT_INACTIVE);
  if (!isValidOn(agent.cnvValidUntil, saoPauloDay(now))) throw conflict(CNV_EXPIRED);
  return { name: agent.name, snapshot: { rosterAgent: agent.id, cpf: agent.cpf, cnvNumber: agent.cnvNumber, cnvValidUntil: agent.cnvValidUntil } };
}

/**
 * 409 when the provider's Polícia Federal authorisation expired before today. One not registered
 * yet does not stop proposals: the risk manager fills it on the provider's record, and until then
 * the provider is told on screen (docs/rules/agents.md).
 */
export async function requirePfAuthorization(db: Db, provider: string, now: Date): Promise<void> {
  const [row] = await db.select({ validUntil: serviceProviders.pfAuthorizationValidUntil }).from(serviceProviders).where(eq(serviceProviders.id, provider));
  if (!pfAuthorizationAllows(row?.validUntil ?? null, saoPauloDay(now))) throw conflict(PF_AUTHORIZATION_EXPIRED);
}

/**
 * The agent of a mission's row being changed (a later odometer reading sends the whole agent): the
 * same roster agent, or the same typed name's row, keeps what it stored that day — a CNV that
 * expired since, or a roster started since, does not stop the readings; another roster agent is
 * checked as a new one.
 */
export async function keptOrPickedAgent(
  db: Db,
  provider: string,
  current: (AgentSnapshot & { name: string }) | undefined,
  picked: { name: string; rosterAgent?: string | null },
  now: Date,
): Promise<PickedAgent> {
  if (current && current.rosterAgent === (picked.rosterAgent ?? null)) {
    const { name, ...snapshot } = current;
    return { name: current.rosterAgent ? name : picked.name, snapshot };
  }
  return pickedAgent(db, provider, picked, now);
}
