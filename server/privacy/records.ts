import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { answerDeadline, INCIDENT_KEPT_YEARS, PRIVACY_MESSAGES as M } from '../../src/domain/privacy';
import type { PrivacyIncident, PrivacyRequest, RetentionAnswer } from '../../src/domain/privacy/contracts';
import type { IncidentValues, PrivacyAnswerValues, PrivacyRequestValues, RetentionValues } from '../../src/domain/privacy/schemas';
import { recordAudit, type AuditSource } from '../audit/record';
import type { Db } from '../db/client';
import { privacyIncidents, privacyRequests, privacySettings, riskManagers } from '../db/schema';
import { conflict, notFound } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';
import { scopeOf, tenantWhere } from '../shared/tenancy';
import { retentionOf } from './retention';

/**
 * The records of the 'Privacidade' screen (docs/rules/privacy.md): the data subjects' requests and
 * their answers, the tenant's retention and the incidents register, each write audited.
 */

/** The requests and incidents a caller may touch: its tenant's, or every one for the platform admin. */
export const requestScope = (user: AuthUser): SQL | undefined => tenantWhere(scopeOf(user), privacyRequests.riskManager);
export const incidentScope = (user: AuthUser): SQL | undefined => tenantWhere(scopeOf(user), privacyIncidents.riskManager);

/** The tenant's name, printed on the subject's PDF. */
export const riskManagerName = async (db: Db, id: string): Promise<string> =>
  (await db.select({ name: riskManagers.name }).from(riskManagers).where(eq(riskManagers.id, id)))[0]?.name ?? '';

type RequestRow = typeof privacyRequests.$inferSelect;
const requestAnswer = (row: RequestRow): PrivacyRequest => ({
  _id: row.id,
  riskManager: row.riskManager,
  kind: row.kind,
  requesterName: row.requesterName,
  channel: row.channel,
  receivedOn: row.receivedOn,
  deadline: answerDeadline(row.receivedOn),
  subject: row.subject,
  recordedByName: row.recordedByName,
  answer: row.answer,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listRequests(db: Db, tenant: string): Promise<PrivacyRequest[]> {
  const rows = await db.select().from(privacyRequests).where(eq(privacyRequests.riskManager, tenant)).orderBy(desc(privacyRequests.receivedOn), desc(privacyRequests.createdAt));
  return rows.map(requestAnswer);
}

export async function createRequest(db: Db, source: AuditSource, user: AuthUser, tenant: string, value: PrivacyRequestValues): Promise<PrivacyRequest> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyRequests)
      .values({ riskManager: tenant, kind: value.kind, requesterName: value.requesterName, channel: value.channel, receivedOn: value.receivedOn, subject: value.subject, recordedBy: user.id, recordedByName: user.name })
      .returning();
    const answer = requestAnswer(row as RequestRow);
    await recordAudit(tx, source, { entity: 'privacyRequests', action: 'create', record: answer._id, tenant, after: answer });
    return answer;
  });
}

/** The answer is recorded once, with its date (LGPD art. 18, parágrafos 3 a 5); a request of another tenant is 404. */
export async function answerRequest(db: Db, source: AuditSource, tenantScope: SQL | undefined, id: string, value: PrivacyAnswerValues, now: Date): Promise<PrivacyRequest> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(privacyRequests).where(and(eq(privacyRequests.id, id), tenantScope)).for('update');
    if (!row) throw notFound(M.requestNotFound);
    if (row.answeredAt) throw conflict(M.alreadyAnswered);
    const [updated] = await tx.update(privacyRequests).set({ answer: value.answer, answeredAt: now }).where(and(eq(privacyRequests.id, id), isNull(privacyRequests.answeredAt))).returning();
    const answer = requestAnswer(updated as RequestRow);
    await recordAudit(tx, source, { entity: 'privacyRequests', action: 'update', record: id, tenant: row.riskManager, before: requestAnswer(row), after: answer });
    return answer;
  });
}

export async function readRetention(db: Db, tenant: string): Promise<RetentionAnswer> {
  return { riskManager: tenant, ...(await retentionOf(db, tenant)) };
}

export async function saveRetention(db: Db, source: AuditSource, tenant: string, value: RetentionValues): Promise<RetentionAnswer> {
  return db.transaction(async (tx) => {
    const before = await readRetention(tx, tenant);
    const set = { positionDays: value.positionDays, missionPeopleYears: value.missionPeopleYears };
    await tx.insert(privacySettings).values({ riskManager: tenant, ...set }).onConflictDoUpdate({ target: privacySettings.riskManager, set });
    const after = { riskManager: tenant, ...set };
    await recordAudit(tx, source, { entity: 'privacySettings', action: 'update', record: tenant, tenant, before, after });
    return after;
  });
}

type IncidentRow = typeof privacyIncidents.$inferSelect;
const incidentAnswer = (row: IncidentRow): PrivacyIncident => ({
  _id: row.id,
  riskManager: row.riskManager,
  occurredOn: row.occurredOn,
  nature: row.nature,
  dataCategories: row.dataCategories,
  peopleAffected: row.peopleAffected,
  measures: row.measures,
  anpdNotifiedOn: row.anpdNotifiedOn,
  subjectsNotifiedOn: row.subjectsNotifiedOn,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const incidentFields = (value: IncidentValues) => ({
  occurredOn: value.occurredOn,
  nature: value.nature,
  dataCategories: value.dataCategories,
  peopleAffected: value.peopleAffected,
  measures: value.measures,
  anpdNotifiedOn: value.anpdNotifiedOn,
  subjectsNotifiedOn: value.subjectsNotifiedOn,
});

export async function listIncidents(db: Db, scope: SQL | undefined): Promise<PrivacyIncident[]> {
  const rows = await db.select().from(privacyIncidents).where(scope).orderBy(desc(privacyIncidents.occurredOn), desc(privacyIncidents.createdAt));
  return rows.map(incidentAnswer);
}

export async function createIncident(db: Db, source: AuditSource, tenant: string | null, value: IncidentValues): Promise<PrivacyIncident> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(privacyIncidents).values({ riskManager: tenant, ...incidentFields(value) }).returning();
    const answer = incidentAnswer(row as IncidentRow);
    await recordAudit(tx, source, { entity: 'privacyIncidents', action: 'create', record: answer._id, tenant, after: answer });
    return answer;
  });
}

export async function updateIncident(db: Db, source: AuditSource, scope: SQL | undefined, id: string, value: IncidentValues): Promise<PrivacyIncident> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(privacyIncidents).where(and(eq(privacyIncidents.id, id), scope)).for('update');
    if (!row) throw notFound(M.incidentNotFound);
    const [updated] = await tx.update(privacyIncidents).set(incidentFields(value)).where(eq(privacyIncidents.id, id)).returning();
    const answer = incidentAnswer(updated as IncidentRow);
    await recordAudit(tx, source, { entity: 'privacyIncidents', action: 'update', record: id, tenant: row.riskManager, before: incidentAnswer(row), after: answer });
    return answer;
  });
}

/** Deleted only after INCIDENT_KEPT_YEARS (the database's trigger refuses it too). */
export async function removeIncident(db: Db, source: AuditSource, scope: SQL | undefined, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(privacyIncidents).where(and(eq(privacyIncidents.id, id), scope)).for('update');
    if (!row) throw notFound(M.incidentNotFound);
    const keptUntil = new Date(row.createdAt);
    keptUntil.setUTCFullYear(keptUntil.getUTCFullYear() + INCIDENT_KEPT_YEARS);
    if (keptUntil > now) throw conflict(M.incidentKept);
    await tx.delete(privacyIncidents).where(eq(privacyIncidents.id, id));
    await recordAudit(tx, source, { entity: 'privacyIncidents', action: 'delete', record: id, tenant: row.riskManager, before: incidentAnswer(row) });
  });
}
