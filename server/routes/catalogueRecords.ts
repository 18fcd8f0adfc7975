/**
 * The admin service's catalogues derived from the registry (src/domain/catalogues.ts, issue 12):
 * every lookup and every `record` entry is served by the generic CRUD factory
 * (crud.ts) with its entry's tenancy and permission rules, its shared schema, and mappers derived
 * from that schema's fields, which are the table's columns of the same names — so a catalogue's
 * fields are written once, in its schema. What a record needs beyond its table (cities: their
 * state's name, a state that must exist) is added through `extras` by the route file. The admin
 * service dispatches those at /api/admin/{name}; another service mounts its own (billing's
 * /franchise). Providers stay hand-written: their phones arrive nested (contacts.phone1..3) and
 * are stored as flat columns, which no same-name mapping covers.
 */
import { CATALOGUES, type CatalogueEntry, type CatalogueRegistry } from '../../src/domain/catalogues';
import { canReadEntry, canWriteEntry } from '../../src/domain/permissions';
import { RECORDS, type RecordDefinition, type RecordName, type RecordSchema } from '../../src/domain/recordSchemas';
import { lookupSchema } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { LOOKUP_TABLES } from '../db/schema';
import { RECORD_TABLES } from '../db/schema/recordTables';
import { crudHandlers, type ApiRecord, type CrudDefinition, type CrudHandlers, type CrudTable } from './crud';

/** A registry with its generic records and the table of each generic catalogue (tests add an entity of their own). */
export interface AdminCatalogues {
  registry: CatalogueRegistry;
  records: Readonly<Record<string, RecordDefinition>>;
  tables: Readonly<Record<string, CrudTable>>;
}

export const APP_CATALOGUES: AdminCatalogues = {
  registry: CATALOGUES,
  records: RECORDS,
  tables: { ...LOOKUP_TABLES, ...RECORD_TABLES },
};

type Values = Record<string, unknown>;

/** What an entry may add to its generic definition: a joined read, reference checks. */
export type RecordExtras = Partial<Pick<CrudDefinition<CrudTable, Values>, 'select' | 'checkReferences'>>;

/** A lookup's schema (from its entry), or the record's definition. */
const definitionOf = (entry: CatalogueEntry, record: RecordDefinition | undefined): RecordDefinition | undefined =>
  entry.lookup ? { schema: lookupSchema(entry.lookup.nameRequired) } : record;

/** The columns a body writes: the schema's fields but riskManager (the factory sets the owner). */
export const writableFields = (schema: RecordSchema): string[] =>
  Object.keys(schema.fields).filter((field) => field !== 'riskManager');

const pick = (source: Values, fields: readonly string[]): Values => Object.fromEntries(fields.map((f) => [f, source[f]]));

/** The CRUD handlers of one generic catalogue: its entry's rules and schema, mappers from the schema's fields. */
export function recordHandlers(
  db: Db,
  entity: string,
  entry: CatalogueEntry,
  { table, record }: { table: CrudTable | undefined; record: RecordDefinition | undefined },
  extras: RecordExtras = {},
): CrudHandlers {
  const definition = definitionOf(entry, record);
  if (!definition) throw new Error(`${entity}: cadastro sem esquema (lookup / RECORDS)`);
  const { schema } = definition;
  if (!table) throw new Error(`${entity}: cadastro sem tabela (LOOKUP_TABLES / RECORD_TABLES)`);
  const fields = writableFields(schema);
  const owned = entry.tenancy === 'riskManager';
  return crudHandlers<CrudTable, Values>(db, {
    entity,
    table,
    tenancy: entry.tenancy,
    schema,
    canRead: (user) => canReadEntry(entry, user.role),
    canWrite: (user) => canWriteEntry(entry, user.role),
    toApi: (row: Values): ApiRecord => ({
      _id: String(row.id),
      ...pick(row, fields),
      ...(owned ? { riskManager: row.riskManager } : {}),
    }),
    fromApi: (value) => pick(value, fields),
    uniqueMessage: definition.uniqueMessage,
    ...extras,
  });
}

/** The app's generic catalogue `name`, for the service that mounts it at its own path (e.g. billing's /franchise). */
export const appRecordHandlers = (db: Db, name: RecordName): CrudHandlers =>
  recordHandlers(db, name, CATALOGUES[name], { table: APP_CATALOGUES.tables[name], record: RECORDS[name] });

/**
 * The handlers of the registry's generic catalogues that live at /api/admin/{name} (the admin
 * service dispatches them by {type}), by name. Generic records of other services (franchises:
 * /api/v1/billing/franchise) are mounted by their service with appRecordHandlers.
 */
export function registryHandlers(
  db: Db,
  { registry, records, tables }: AdminCatalogues,
  extras: Readonly<Record<string, RecordExtras>> = {},
): Record<string, CrudHandlers> {
  return Object.fromEntries(
    Object.entries(registry)
      .filter(([entity, entry]) => (entry.lookup || records[entity]) && entry.endpoint.base === 'admin' && entry.endpoint.list === entity)
      .map(([entity, entry]) => [entity, recordHandlers(db, entity, entry, { table: tables[entity], record: records[entity] }, extras[entity])]),
  );
}
