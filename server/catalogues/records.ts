/**
 * The admin service's catalogues derived from the registry (src/domain/catalogues.ts, docs/add-a-catalogue.md):
 * every generic record (RECORDS: the entries declared by their fields, whose schema is derived from
 * their descriptor, and the few with a written schema) is served by the generic CRUD factory
 * (crudQueries.ts) with its entry's tenancy and permission rules, its shared schema, and mappers derived
 * from that schema's fields, which are the table's columns of the same names — so a catalogue's
 * fields are written once. A table missing one of those columns stops the app at start, naming it. What a record needs beyond its table (cities: their
 * state's name, a state that must exist) is added through `extras` by the route file. The admin
 * service mounts those at /api/admin/{name}; another service mounts its own (billing's
 * /franchise, the provider service's /info).
 *
 * A schema field that is itself a group (an object schema, e.g. a provider's
 * contacts {phone1, phone2, phone3}) is stored flat: each member is the column of the member's
 * name (or, for the groups the record names `prefixed`, the group's and the member's: a provider's
 * base.city → baseCity), and the group is written whole (a member the body leaves out is stored as null).
 *
 * What stays hand-written, and why:
 *   | catalogue                       | why it is not a generic record                                  |
 *   |---------------------------------|-----------------------------------------------------------------|
 *   | configs (admin.ts)              | one row per risk manager created by the server with the tenant: |
 *   |                                 | no create or delete; listing an admin's tenants makes the       |
 *   |                                 | missing rows; PUT takes the flags only. Its `required` group    |
 *   |                                 | is mapped the generic way (recordColumns, prefixed).          |
 *   | providersLogin (serviceProviders)| users rows (role, password hash, provider binding), not a table |
 *   |                                 | of their own: userAccounts.ts rules.                            |
 *   | shippersFranchise, franchiseProviders | plans (franchisePlans.ts): nested limits/overages/toll   |
 *   |                                 | groups with a parent and per-type checks.                       |
 */
import { CATALOGUES, type CatalogueEntry, type CatalogueRegistry } from '../../src/domain/catalogues';
import { canReadEntry, canWriteEntry } from '../../src/domain/permissions';
import { RECORDS, type RecordDefinition, type RecordName, type RecordSchema } from '../../src/domain/recordSchemas';
import type { JsonSchema } from '../../src/domain/jsonSchemaOf';
import { recordAnswer } from '../../src/domain/recordAnswers';
import type { ChangeStamps } from '../cache/changeStamps';
import type { Db } from '../db/client';
import { getTableColumns } from 'drizzle-orm';
import { RECORD_TABLES } from '../db/schema/recordTables';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { crudHandlers, type CrudDefinition, type CrudTable } from './crudQueries';
import type { CrudHandlers } from '../shared/crudHandlers';
import { RECORD_LISTINGS } from './listings';

/** A registry with its generic records and the table of each generic catalogue (tests add an entity of their own). */
export interface AdminCatalogues {
  registry: CatalogueRegistry;
  records: Readonly<Record<string, RecordDefinition>>;
  tables: Readonly<Record<string, CrudTable>>;
}

export const APP_CATALOGUES: AdminCatalogues = {
  registry: CATALOGUES,
  records: RECORDS,
  tables: RECORD_TABLES,
};

type Values = Record<string, unknown>;

/** What an entry may add to its generic definition: a joined read, reference checks. */
export type RecordExtras = Partial<Pick<CrudDefinition<CrudTable, RecordSchema>, 'select' | 'checkReferences' | 'alsoReads' | 'listing'>> & {
  /** The fields a joined read adds to the record's answer. */
  answerExtra?: Record<string, JsonSchema>;
};

/** A column a body writes: a field of the schema, or a member of one of its groups. */
export interface RecordColumn {
  /** The table's column (the row's key). */
  column: string;
  /** The field's name in the API shape (the member's name in its group). */
  field: string;
  /** The group holding it in the API shape (e.g. 'contacts'), none for a top-level field. */
  group?: string;
}

const isGroup = (field: unknown): field is RecordSchema => (field as { type?: string }).type === 'object';

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The columns a body writes: the schema's fields but riskManager (the factory sets the owner),
 * groups flattened. A member's column is the member's name, or — for the groups named in
 * `prefixed` — the group's name and the member's (configs: required.cause → requiredCause).
 */
export const recordColumns = (schema: RecordSchema, { prefixed = [] }: { prefixed?: readonly string[] } = {}): RecordColumn[] =>
  Object.entries(schema.fields)
    .filter(([field]) => field !== 'riskManager')
    .flatMap(([group, fieldSchema]): RecordColumn[] =>
      isGroup(fieldSchema)
        ? Object.keys(fieldSchema.fields).map((field) => ({
            column: prefixed.includes(group) ? `${group}${capitalised(field)}` : field,
            field,
            group,
          }))
        : [{ column: group, field: group }],
    );

/** Row → API: the columns, members nested in their groups. */
export function toApiGroups(row: Values, columns: readonly RecordColumn[]): Values {
  const api: Values = {};
  for (const { column, field, group } of columns) {
    if (group) api[group] = { ...(api[group] as Values | undefined), [field]: row[column] };
    else api[field] = row[column];
  }
  return api;
}

/** API → row: the columns, members taken out of their groups (a member left out is null). */
export function fromApiGroups(value: Values, columns: readonly RecordColumn[]): Values {
  return Object.fromEntries(
    columns.map(({ column, field, group }) => [column, group ? ((value[group] as Values | undefined)?.[field] ?? null) : value[field]]),
  );
}

/** The CRUD handlers of one generic catalogue: its entry's rules and schema, mappers from the schema's fields. */
export function recordHandlers(
  db: Db,
  entity: string,
  entry: CatalogueEntry,
  { table, record }: { table: CrudTable | undefined; record: RecordDefinition | undefined },
  extras: RecordExtras = {},
  stamps?: ChangeStamps,
): CrudHandlers {
  if (!record) throw new Error(`${entity}: cadastro sem esquema (RECORDS)`);
  const { schema } = record;
  if (!table) throw new Error(`${entity}: cadastro sem tabela (RECORD_TABLES)`);
  const columns = recordColumns(schema, { prefixed: record.prefixed });
  const owned = entry.tenancy === 'riskManager';
  const stored = getTableColumns(table);
  const missing = [...columns.map(({ column }) => column), ...(owned ? ['riskManager'] : [])].filter((column) => !Object.hasOwn(stored, column));
  if (missing.length) throw new Error(`${entity}: a tabela não tem a coluna ${missing.join(', ')}`);
  const { answerExtra, ...definitionExtras } = extras;
  return crudHandlers(db, {
    entity,
    table,
    tenancy: entry.tenancy,
    schema,
    answer: recordAnswer(schema, { owned, extra: answerExtra, description: entry.label }),
    canRead: (user) => canReadEntry(entry, user.role),
    canWrite: (user) => canWriteEntry(entry, user.role),
    toApi: (row: Values): ApiRecord => ({
      _id: String(row.id),
      ...toApiGroups(row, columns),
      ...(owned ? { riskManager: row.riskManager } : {}),
    }),
    fromApi: (value) => fromApiGroups(value, columns),
    uniqueMessage: record.uniqueMessage,
    ...definitionExtras,
  }, stamps);
}

/** The app's generic catalogue `name`, for the service that mounts it at its own path (e.g. billing's /franchise, providers' /info). */
export const appRecordHandlers = (db: Db, name: RecordName, stamps?: ChangeStamps): CrudHandlers =>
  recordHandlers(db, name, CATALOGUES[name], { table: APP_CATALOGUES.tables[name], record: RECORDS[name] }, { listing: RECORD_LISTINGS[name] }, stamps);

/**
 * The handlers of the registry's generic catalogues that live at /api/admin/{name} (the admin
 * service mounts each at its own path), by name. Generic records of other services (franchises:
 * /api/v1/billing/franchise) are mounted by their service with appRecordHandlers.
 */
export function registryHandlers(
  db: Db,
  { registry, records, tables }: AdminCatalogues,
  extras: Readonly<Record<string, RecordExtras>> = {},
  stamps?: ChangeStamps,
): Record<string, CrudHandlers> {
  return Object.fromEntries(
    Object.entries(registry)
      .filter(([entity, entry]) => records[entity] && entry.endpoint.base === 'admin' && entry.endpoint.list === entity)
      .map(([entity, entry]) => [entity, recordHandlers(db, entity, entry, { table: tables[entity], record: records[entity] }, extras[entity], stamps)]),
  );
}
