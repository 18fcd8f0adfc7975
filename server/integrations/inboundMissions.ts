import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InboundMission } from '../../src/domain/integrations/contracts';
import { INBOUND_MISSION_MESSAGES, type InboundMissionQuery, type InboundMissionValues, type InboundPlace } from '../../src/domain/integrations/schemas';
import { MISSION_NOT_FOUND } from '../../src/domain/missions';
import type { AddressService } from '../address/service';
import type { Db } from '../db/client';
import { writeOrReject } from '../db/errors';
import { carriers, causes, franchisePlans, leaderships, missions, requesters, shippers } from '../db/schema';
import { conflict, HttpError, invalid, notFound } from '../errors/httpErrors';
import { createMission } from '../missions/create';
import { visibleWhere, type Viewer } from '../missions/viewer';
import type { Sendable } from '../shared/route';

/**
 * Missions opened by other systems (docs/rules/integrations.md): the body names the shipper by
 * CNPJ, the service, the requester (and the cause, carrier and leadership the tenant may require) by the names the tenant gave them, and the place by address,
 * coordinates or both; they become the ids and the full place the 'Nova missão' form would send,
 * and the mission is opened by the very same service (server/missions/create.ts: its checks, its
 * timeline event, its live notices). The external reference is unique in the tenant, so a platform
 * that retries under a new Idempotency-Key still opens one mission.
 */

const columns = {
  _id: missions.id,
  status: missions.status,
  externalReference: missions.externalReference,
  processNumber: missions.processNumber,
  createdAt: missions.createdAt,
  updatedAt: missions.updatedAt,
};

type Answer = Sendable<InboundMission>;

/** The same name whatever the case and spacing, as the catalogues' unique names compare them. */
const sameName = (column: AnyPgColumn, name: string) =>
  sql`lower(regexp_replace(btrim(${column}), '[[:space:]]+', ' ', 'g')) = lower(regexp_replace(btrim(${name}), '[[:space:]]+', ' ', 'g'))`;

const issue = (path: string, message: string) => invalid([{ code: 'invalid_reference', path, message }]);

async function referencesOf(db: Db, tenant: string, value: InboundMissionValues) {
  const [shipper] = await db
    .select({ id: shippers.id })
    .from(shippers)
    .where(and(eq(shippers.riskManager, tenant), eq(shippers.cnpj, value.shipperCnpj), eq(shippers.active, true)));
  if (!shipper) throw issue('shipperCnpj', INBOUND_MISSION_MESSAGES.shipperUnknown);
  const [plan] = await db
    .select({ id: franchisePlans.id })
    .from(franchisePlans)
    .where(and(eq(franchisePlans.riskManager, tenant), eq(franchisePlans.target, 'shipper'), eq(franchisePlans.shipper, shipper.id), sameName(franchisePlans.name, value.service)))
    .limit(1);
  if (!plan) throw issue('service', INBOUND_MISSION_MESSAGES.serviceUnknown);
  const [requester] = await db
    .select({ id: requesters.id })
    .from(requesters)
    .where(and(eq(requesters.riskManager, tenant), eq(requesters.active, true), sameName(requesters.name, value.requester)))
    .limit(1);
  if (!requester) throw issue('requester', INBOUND_MISSION_MESSAGES.requesterUnknown);
  const lookup = async (table: typeof causes, name: string | null, path: string, message: string): Promise<string | null> => {
    if (name === null) return null;
    const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.riskManager, tenant), eq(table.active, true), sameName(table.name, name))).limit(1);
    if (!row) throw issue(path, message);
    return row.id;
  };
  return {
    shipper: shipper.id,
    plan: plan.id,
    requester: requester.id,
    cause: await lookup(causes, value.cause, 'cause', INBOUND_MISSION_MESSAGES.causeUnknown),
    carrier: await lookup(carriers, value.carrier, 'carrier', INBOUND_MISSION_MESSAGES.carrierUnknown),
    leadership: await lookup(leaderships, value.leadership, 'leadership', INBOUND_MISSION_MESSAGES.leadershipUnknown),
  };
}

/** The full place: the parts sent, the rest looked up by the server's geocoding (an address without a number is 'S/N'). */
async function fullPlace(address: AddressService, place: InboundPlace) {
  const parts = { zipcode: place.zipcode, address: place.address, number: place.number, neighborhood: place.neighborhood, city: place.city, state: place.state };
  const hasAddress = Object.values(parts).every((v) => typeof v === 'string' && v !== '');
  let { latitude, longitude } = place;
  let filled = parts;
  const unknownPlace = () => issue('place', INBOUND_MISSION_MESSAGES.placeNotFound);
  try {
    if (!hasAddress) {
      if (latitude === null || longitude === null) throw unknownPlace();
      const found = await address.reverse(latitude, longitude);
      if (!found) throw unknownPlace();
      filled = { ...found, number: found.number || 'S/N' };
      for (const [name, value] of Object.entries(parts)) if (value) filled[name as keyof typeof filled] = value;
    } else if (latitude === null || longitude === null) {
      const point = await address.geocode(`${parts.address}, ${parts.number}, ${parts.neighborhood}, ${parts.city} - ${parts.state}, ${parts.zipcode}`);
      if (!point) throw unknownPlace();
      latitude = point.lat;
      longitude = point.lng;
    }
  } catch (error) {
    // An upstream that fails or times out is the same answer to the caller: send the whole place.
    if (error instanceof HttpError && error.statusCode === 400) throw error;
    throw unknownPlace();
  }
  return { ...filled, latitude, longitude };
}

export async function openInboundMission(db: Db, address: AddressService, viewer: Viewer & { kind: 'tenant' }, value: InboundMissionValues, now: Date): Promise<Answer> {
  const tenant = viewer.riskManager;
  const refs = await referencesOf(db, tenant, value);
  const [taken] = await db.select({ id: missions.id }).from(missions).where(and(eq(missions.riskManager, tenant), eq(missions.externalReference, value.externalReference)));
  if (taken) throw conflict(INBOUND_MISSION_MESSAGES.externalReferenceTaken);
  const location = await fullPlace(address, value.place);
  const body = { processNumber: value.processNumber, shipper: refs.shipper, franchise_plan: refs.plan, requester: refs.requester, cause: refs.cause, carrier: refs.carrier, leadership: refs.leadership, location, fiscalKeys: {} };
  const created = await writeOrReject(() => createMission(db, viewer, body, now, { externalReference: value.externalReference }), INBOUND_MISSION_MESSAGES.externalReferenceTaken);
  return readInboundMission(db, viewer, created._id);
}

export async function readInboundMission(db: Db, viewer: Viewer, id: string): Promise<Answer> {
  const [row] = await db.select(columns).from(missions).where(and(eq(missions.id, id), visibleWhere(viewer)));
  if (!row) throw notFound(MISSION_NOT_FOUND);
  return row;
}

/** How many missions one list answers at most: a reference names one, a period is a sync window. */
const MAX_LISTED = 500;

export async function listInboundMissions(db: Db, viewer: Viewer, query: InboundMissionQuery): Promise<Answer[]> {
  const where = [visibleWhere(viewer)];
  if (query.externalReference) where.push(eq(missions.externalReference, query.externalReference));
  if (query.from) where.push(gte(missions.createdAt, new Date(query.from)));
  if (query.to) where.push(lte(missions.createdAt, new Date(query.to)));
  return db.select(columns).from(missions).where(and(...where)).orderBy(asc(missions.createdAt), asc(missions.id)).limit(MAX_LISTED);
}
