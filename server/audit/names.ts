import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { auditMissionName, auditReferences } from '../../src/domain/audit/fields';
import type { AuditEntry } from '../../src/domain/audit/responseSchemas';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import {
  carriers,
  causes,
  cities,
  franchisePlans,
  franchises,
  leaderships,
  missionBillings,
  missionConfigs,
  missions,
  places,
  requesters,
  riskManagers,
  serviceProviders,
  shippers,
  states,
  trackerDevices,
  users,
} from '../db/schema';
import { tenantWhere, type Scope } from '../shared/tenancy';

/**
 * The names the trail shows instead of ids: of each entry's record and of the records its values
 * point to (a user, a company, a mission's process number). Read only within the reader's tenant:
 * a tenant's administrators never learn another tenant's names through an id (the platform admins'
 * own names, which every tenant sees as authors of entries, are read too). An id not found there
 * (another tenant's, or a deleted record) stays an id.
 */

type Found = { id: string; name: string }[];

/** The tables whose rows have a name, each with the column that says whose it is (none: shared data). */
const NAMED = [causes, carriers, places, leaderships, requesters, shippers, serviceProviders, franchises, franchisePlans] as const;

function reads(db: Db, scope: Scope, ids: string[]): Promise<Found>[] {
  const within = (column: PgColumn, id: PgColumn): SQL | undefined => and(inArray(id, ids), tenantWhere(scope, column));
  return [
    ...NAMED.map((t) => db.select({ id: t.id, name: t.name }).from(t).where(within(t.riskManager, t.id))),
    db.select({ id: states.id, name: states.name }).from(states).where(inArray(states.id, ids)),
    db.select({ id: cities.id, name: cities.name }).from(cities).where(inArray(cities.id, ids)),
    db.select({ id: riskManagers.id, name: riskManagers.name }).from(riskManagers).where(within(riskManagers.id, riskManagers.id)),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(inArray(users.id, ids), scope.all ? undefined : or(eq(users.riskManager, scope.riskManager), isNull(users.riskManager)))),
    db
      .select({ id: missionConfigs.id, name: riskManagers.name })
      .from(missionConfigs)
      .innerJoin(riskManagers, eq(riskManagers.id, missionConfigs.riskManager))
      .where(within(missionConfigs.riskManager, missionConfigs.id)),
    db
      .select({ id: missions.id, processNumber: missions.processNumber })
      .from(missions)
      .where(within(missions.riskManager, missions.id))
      .then((rows) => rows.map((row) => ({ id: row.id, name: auditMissionName(row.processNumber) }))),
    db
      .select({ id: missionBillings.id, processNumber: missions.processNumber, type: missionBillings.type })
      .from(missionBillings)
      .innerJoin(missions, eq(missions.id, missionBillings.mission))
      .where(within(missionBillings.riskManager, missionBillings.id))
      .then((rows) => rows.map((row) => ({ id: row.id, name: auditMissionName(row.processNumber, row.type) }))),
    db
      .select({ id: trackerDevices.id, name: trackerDevices.name })
      .from(trackerDevices)
      .innerJoin(serviceProviders, eq(serviceProviders.id, trackerDevices.serviceProvider))
      .where(within(serviceProviders.riskManager, trackerDevices.id)),
  ];
}

/** The entries with the names of their records and references, read in `scope`. */
export async function withNames(db: Db, scope: Scope, entries: Omit<AuditEntry, 'names'>[]): Promise<AuditEntry[]> {
  const ids = [
    ...new Set(
      entries.flatMap((e) => [...(e.record ? [e.record] : []), ...auditReferences(e.entity, e.before), ...auditReferences(e.entity, e.after)]),
    ),
  ].filter(isId);
  const found = ids.length === 0 ? [] : (await Promise.all(reads(db, scope, ids))).flat();
  const names = new Map(found.map((row) => [row.id, row.name]));
  return entries.map((entry) => {
    const own = [entry.record, ...auditReferences(entry.entity, entry.before), ...auditReferences(entry.entity, entry.after)];
    return { ...entry, names: Object.fromEntries(own.flatMap((id) => (id && names.has(id) ? [[id, names.get(id) ?? '']] : []))) };
  });
}
