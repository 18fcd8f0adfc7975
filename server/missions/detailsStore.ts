import { and, asc, eq, inArray, max, type SQL } from 'drizzle-orm';
import { agentLicence, agentLicenceText, saoPauloDay } from '../../src/domain/agents/licence';
import { agentTotals } from '../../src/domain/billing/totals';
import type { PickedAgent } from '../agents/licences';
import type { Odometer, OdometerReading } from '../../src/domain/billing/types';
import type { CrudOption, SubCollection } from '../../src/domain/missionDetails/collections';
import type { DetailItems } from '../../src/domain/missionDetails/changes';
import type {
  Attachment,
  MissionDetailsResponse,
  Occurrence,
  SecurityAgent,
  SecurityAgentDisplay,
  Vehicle,
} from '../../src/domain/missionDetails/types';
import type { OccurrenceValues, SecurityAgentValues, VehicleValues } from '../../src/domain/schemas/missionDetails';
import type { Db } from '../db/client';
import type { MissionAccess } from './missionAccess';
import { missionAgents, missionAttachments, missionEvents, missionMessages, missionOccurrences, missionVehicles } from '../db/schema';
import { PRESENCE_ACTIONS, type PresenceAction } from '../../src/domain/positions/presence';
import { eventPositionOf } from './events';

/** Reading and writing a mission's sub-collections as the API's records (src/domain/missionDetails). */

type VehicleRow = typeof missionVehicles.$inferSelect;
type OccurrenceRow = typeof missionOccurrences.$inferSelect;
type AgentRow = typeof missionAgents.$inferSelect;
type AttachmentRow = typeof missionAttachments.$inferSelect;

export const vehicleOf = (r: VehicleRow): Vehicle => ({
  driver: r.driver,
  driverPIN: r.driverPin,
  type: r.type,
  plate: r.plate,
  chassis: r.chassis,
  make: r.make,
  model: r.model,
  year: r.year,
  color: r.color,
  createdAt: r.createdAt.toISOString(),
  missionRequestId: r.mission,
});

export const occurrenceOf = (r: OccurrenceRow): Occurrence => ({
  date: r.date.toISOString(),
  type: r.type,
  description: r.description,
  zipcode: r.zipcode,
  neighborhood: r.neighborhood,
  city: r.city,
  state: r.state,
  address: r.address,
  number: r.number,
  complement: r.complement,
  latitude: r.latitude,
  longitude: r.longitude,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The odometer as the answer's schema has it, its instants as text: a row just written may hold a
 * Date, written as JSON writes it (toISOString); the points keep their order (the timeline's JSON).
 */
const odometerText = (odometer: Odometer): SecurityAgent['odometer'] =>
  Object.fromEntries(
    Object.entries(odometer).map(([point, reading]: [string, OdometerReading | null]) => [
      point,
      reading && { ...reading, time: typeof reading.time === 'string' ? reading.time : reading.time.toISOString() },
    ]),
  ) as SecurityAgent['odometer'];

/** An agent as written (its totals are computed from it). */
const agentItemOf = (r: AgentRow): SecurityAgent => ({
  name: r.name,
  odometer: odometerText(r.odometer),
  createdAt: r.createdAt.toISOString(),
  rosterAgent: r.rosterAgent,
  cpf: r.cpf,
  cnvNumber: r.cnvNumber,
  cnvValidUntil: r.cnvValidUntil,
  // Licensed on the day he was put on the mission (docs/rules/agents.md).
  licence: agentLicenceText(agentLicence(r.cnvValidUntil, saoPauloDay(r.createdAt))),
});

export const agentOf = (r: AgentRow): SecurityAgentDisplay => ({ ...agentItemOf(r), totals: agentTotals(r.odometer) });

export const attachmentOf = (r: AttachmentRow): Attachment => ({
  description: r.description,
  file: r.file,
  mime: r.mime,
  size: r.size,
  capturedAt: r.capturedAt?.toISOString() ?? null,
  latitude: r.latitude,
  longitude: r.longitude,
  createdAt: r.createdAt.toISOString(),
});

export async function missionDetails(db: Db, access: MissionAccess): Promise<MissionDetailsResponse> {
  const mission = access.id;
  const [vehicles, occurrences, agents, attachments, presence] = await Promise.all([
    db.select().from(missionVehicles).where(eq(missionVehicles.mission, mission)).orderBy(asc(missionVehicles.createdAt)),
    db.select().from(missionOccurrences).where(eq(missionOccurrences.mission, mission)).orderBy(asc(missionOccurrences.createdAt)),
    db.select().from(missionAgents).where(eq(missionAgents.mission, mission)).orderBy(asc(missionAgents.createdAt)),
    db.select().from(missionAttachments).where(eq(missionAttachments.mission, mission)).orderBy(asc(missionAttachments.createdAt)),
    db
      .select({ action: missionEvents.action, details: missionEvents.details })
      .from(missionEvents)
      .where(and(eq(missionEvents.mission, mission), inArray(missionEvents.action, [...PRESENCE_ACTIONS]))),
  ]);
  const crossedAt = (action: PresenceAction) => {
    const event = presence.find((e) => e.action === action);
    return event ? (eventPositionOf(event)?.fixedAt ?? null) : null;
  };
  const { id: _id, status, riskManager, serviceProvider, serviceProviderName } = access;
  return {
    mission: { _id, status, riskManager, serviceProvider, serviceProviderName, teamArrivedAt: crossedAt('team_arrived'), teamLeftAt: crossedAt('team_left') },
    vehiclesDisplay: vehicles.map(vehicleOf),
    ocurrenciesDisplay: occurrences.map(occurrenceOf),
    securityAgentsDisplay: agents.map(agentOf),
    attachments: attachments.map(attachmentOf),
  };
}

type ItemTable = typeof missionVehicles | typeof missionOccurrences | typeof missionAgents | typeof missionAttachments;
/** Tables whose rows a mission orders by createdAt. */
type OrderedTable = ItemTable | typeof missionMessages;

/**
 * The createdAt of a new item: now, or one millisecond after the mission's latest item of that
 * table when the clock has not moved on, so that (mission, createdAt) stays an identifier (and
 * chat messages keep the order they were sent in).
 */
export async function nextCreatedAt(db: Db, table: OrderedTable, mission: string, now: Date): Promise<Date> {
  const [row] = await db.select({ latest: max(table.createdAt) }).from(table).where(eq(table.mission, mission));
  const latest = row?.latest ? new Date(row.latest).getTime() : 0;
  return new Date(Math.max(now.getTime(), latest + 1));
}

export const itemWhere = (table: ItemTable, mission: string, createdAt: string) =>
  and(eq(table.mission, mission), eq(table.createdAt, new Date(createdAt)));

const vehicleColumns = (v: VehicleValues) => ({
  driver: v.driver,
  driverPin: v.driverPIN ?? null,
  type: v.type,
  plate: v.plate,
  chassis: v.chassis ?? null,
  make: v.make ?? null,
  model: v.model ?? null,
  year: v.year ?? null,
  color: v.color ?? null,
});

const occurrenceColumns = (v: OccurrenceValues) => ({
  date: new Date(v.date),
  type: v.type,
  description: v.description,
  zipcode: v.zipcode ?? null,
  neighborhood: v.neighborhood ?? null,
  city: v.city,
  state: v.state,
  address: v.address ?? null,
  number: v.number ?? null,
  complement: v.complement ?? null,
  latitude: v.latitude ?? null,
  longitude: v.longitude ?? null,
});

/** The roster agent's name and snapshot replace what was typed (server/agents/licences.ts). */
const agentColumns = (v: SecurityAgentValues, picked: PickedAgent) => ({ name: picked.name, odometer: v.odometer, ...picked.snapshot });

/** The table of a crudOption. */
export const COLLECTION_TABLE = {
  vehicles: missionVehicles,
  ocurrencies: missionOccurrences,
  securityagents: missionAgents,
} as const satisfies Record<CrudOption, ItemTable>;

/** The validated values of a crudOption's schema. */
export type CollectionValues =
  | { option: 'vehicles'; values: VehicleValues }
  | { option: 'ocurrencies'; values: OccurrenceValues }
  | { option: 'securityagents'; values: SecurityAgentValues; picked: PickedAgent };

/** One write's item: its row id and the item as the API shows it before and after (null: absent on that side). */
export interface DetailWrite<T extends DetailItems[SubCollection] = DetailItems[SubCollection]> {
  record: string;
  before: T | null;
  after: T | null;
}

/** The item an insert, update or delete returned, as the API shows it. */
function itemOf(option: CrudOption, row: VehicleRow | OccurrenceRow | AgentRow): DetailItems[CrudOption] {
  if (option === 'vehicles') return vehicleOf(row as VehicleRow);
  if (option === 'ocurrencies') return occurrenceOf(row as OccurrenceRow);
  return agentItemOf(row as AgentRow);
}

/** Adds an item (in `tx`: its createdAt is computed from the latest one). */
export async function insertItem(tx: Db, mission: string, now: Date, item: CollectionValues): Promise<DetailWrite> {
  const createdAt = await nextCreatedAt(tx, COLLECTION_TABLE[item.option], mission, now);
  const base = { mission, createdAt };
  const [row] =
    item.option === 'vehicles'
      ? await tx.insert(missionVehicles).values({ ...base, ...vehicleColumns(item.values) }).returning()
      : item.option === 'ocurrencies'
        ? await tx.insert(missionOccurrences).values({ ...base, ...occurrenceColumns(item.values) }).returning()
        : await tx.insert(missionAgents).values({ ...base, ...agentColumns(item.values, item.picked) }).returning();
  if (!row) throw new Error('item insert returned no row');
  return { record: row.id, before: null, after: itemOf(item.option, row) };
}

/** The row a change addresses, as it is before the change (the mission row is locked: detailWrites.ts). */
async function currentRow(tx: Db, option: CrudOption, where: SQL | undefined): Promise<VehicleRow | OccurrenceRow | AgentRow | undefined> {
  if (option === 'vehicles') return (await tx.select().from(missionVehicles).where(where))[0];
  if (option === 'ocurrencies') return (await tx.select().from(missionOccurrences).where(where))[0];
  return (await tx.select().from(missionAgents).where(where))[0];
}

/** Replaces an item's fields (in `tx`); null when the mission has no item at `createdAt`. */
export async function updateItem(tx: Db, mission: string, createdAt: string, item: CollectionValues): Promise<DetailWrite | null> {
  const where = itemWhere(COLLECTION_TABLE[item.option], mission, createdAt);
  const before = await currentRow(tx, item.option, where);
  if (!before) return null;
  const [row] =
    item.option === 'vehicles'
      ? await tx.update(missionVehicles).set(vehicleColumns(item.values)).where(where).returning()
      : item.option === 'ocurrencies'
        ? await tx.update(missionOccurrences).set(occurrenceColumns(item.values)).where(where).returning()
        : await tx.update(missionAgents).set(agentColumns(item.values, item.picked)).where(where).returning();
  if (!row) return null;
  return { record: row.id, before: itemOf(item.option, before), after: itemOf(item.option, row) };
}

/** Removes an item (in `tx`); null when the mission has no item at `createdAt`. */
export async function deleteItem(tx: Db, mission: string, option: CrudOption, createdAt: string): Promise<DetailWrite | null> {
  const table = COLLECTION_TABLE[option];
  const [row] = await tx.delete(table).where(itemWhere(table, mission, createdAt)).returning();
  return row ? { record: row.id, before: itemOf(option, row), after: null } : null;
}
