import type { AnonymiseAnswer, SubjectAnswer } from '../../src/domain/privacy/contracts';
import { subjectQuery } from '../../src/domain/privacy/schemas';
import type { AuditSource } from '../audit/record';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { SUBJECT_SOURCES } from './sources';

/**
 * A data subject in one tenant (docs/rules/privacy.md): everything held about them, from every
 * source (the export, in JSON as answered here and in PDF), and their anonymisation.
 */

export async function findSubject(db: Db, tenant: string, typed: string, now: Date): Promise<SubjectAnswer> {
  const query = subjectQuery(typed);
  const found = await Promise.all(SUBJECT_SOURCES.map((source) => source.find(db, tenant, query)));
  return { subject: typed.trim(), kind: query.kind, generatedAt: now.toISOString(), records: found.flat() };
}

/**
 * Anonymises the subject in every source, in one transaction, where no duty keeps the record (each
 * source's `kept`); the counts go to the audit trail, never the person's data.
 */
export async function anonymiseSubject(db: Db, source: AuditSource, tenant: string, typed: string, now: Date): Promise<AnonymiseAnswer> {
  const query = subjectQuery(typed);
  const before = await findSubject(db, tenant, typed, now);
  return db.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    for (const subject of SUBJECT_SOURCES) counts[subject.name] = await subject.anonymise(tx, tenant, query);
    const kept = before.records.filter((record) => record.kept !== null).length;
    await recordAudit(tx, source, { entity: 'privacySubjects', action: 'anonymised', record: null, tenant, after: { ...counts, mantidos: kept } });
    return { counts, kept };
  });
}
