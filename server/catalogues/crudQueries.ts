import type { FastifyRequest } from 'fastify';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { and, asc, count, eq, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnySchema, InferType } from 'yup';
import { MISSING_RISK_MANAGER_ISSUE } from '../../src/domain/apiErrors';
import { isId } from '../../src/domain/ids';
import { canReadCatalogue, canWriteCatalogue, type CatalogueEntity } from '../../src/domain/permissions';
import type { ChangeStamps } from '../cache/changeStamps';
import { ReadyJson } from '../cache/readyJson';
import { StampedCache } from '../cache/stampedCache';
import type { Db } from '../db/client';
import { forbidden, invalid, notFound } from '../errors/httpErrors';
import { currentUser, type AuthUser } from '../shared/session';
import { check, validBody } from '../shared/validation';
import { resolveOwner, scopeOf, tenantWhere, type Scope } from '../shared/tenancy';
import { deleteOrConflict, writeOrReject } from '../db/errors';
import type { CrudHandlers, TenantFilter } from '../shared/crudHandlers';
import { answerList, listQueryOf, shapesTheList, textFilter, type ListShape } from '../shared/pagedList';
import type { RecordAnswerSchema } from '../../src/domain/catalogueContracts';
import { auditSource, recordAudit } from '../audit/record';

/**
 * The generic, tenancy-scoped CRUD of the simple catalogues: its rules and queries (the routes that
 * mount it are server/shared/crudHandlers.ts). A catalogue is one
 * declaration (table, tenancy, shared yup schema, permission predicates, mappers); the factory
 * answers list / create / update / delete with the same rules everywhere:
 * - tenancy comes from request.user only (a risk-manager user is pinned to its risk manager,
 *   a platform admin sees everything and names the owner on create);
 * - another tenant's id answers 404 and nothing changes;
 * - a row still referenced elsewhere answers 409 with a message the user can act on (dbErrors.ts).
 */


/** Permission predicates of a catalogue, from the shared rules (src/domain). */
export const readRule = (entity: CatalogueEntity) => (user: AuthUser) => canReadCatalogue(entity, user.role);
export const writeRule = (entity: CatalogueEntity) => (user: AuthUser) => canWriteCatalogue(entity, user.role);

export type CrudTable = PgTable & { id: PgColumn; name: PgColumn; riskManager?: PgColumn };

export interface WriteContext {
  db: Db;
  user: AuthUser;
  scope: Scope;
  /** The tenant that owns (or will own) the row; null for global tables. */
  owner: string | null;
}

/** `S` is the shared yup schema bodies are validated with: the mappers take what it yields. */
export interface CrudDefinition<T extends CrudTable, S extends AnySchema> {
  /** Entity name for messages and logs, e.g. 'causes'. */
  entity: string;
  table: T;
  /** 'riskManager': rows belong to one tenant (table.riskManager); 'global': shared by all. */
  tenancy: 'riskManager' | 'global';
  /** A fixed condition for every operation, when several resources share a table (plan kinds). */
  where?: SQL;
  schema: S;
  /** One record as the API answers it (JSON Schema, src/domain/recordAnswers.ts): also its serializer. */
  answer: RecordAnswerSchema;
  canRead(user: AuthUser): boolean;
  canWrite(user: AuthUser): boolean;
  toApi(row: T['$inferSelect']): ApiRecord;
  /** The columns to write from a validated body (never id nor riskManager: the factory sets those). */
  fromApi(value: InferType<S>): Partial<T['$inferInsert']>;
  /**
   * Reads rows as the API shows them; defaults to `select * … order by name`. Override when the
   * record needs a join (cities show their state's name) — it must stay one query. `window`: the
   * order of a paged or sorted list, and the page's rows.
   */
  select?: (db: Db, where: SQL | undefined, window?: ListWindow) => Promise<ApiRecord[]>;
  /** A list that grows with its tenant: paged, sorted and filtered on the server (pagedList.ts). */
  listing?: ListShape;
  /**
   * For rows owned through a parent (a franchise plan belongs to its shipper's tenant): returns the
   * owning risk manager from the validated body, 404 when the parent is not visible to the caller.
   */
  ownerFromParent?(ctx: Omit<WriteContext, 'owner'>, value: InferType<S>): Promise<string>;
  /** Checks the references of a validated body inside the owner's tenant (throws 400/404). */
  checkReferences?(ctx: WriteContext, value: InferType<S>): Promise<void>;
  /** 409 message for a unique violation, e.g. 'CNPJ já cadastrado'. */
  uniqueMessage?: string;
  /** The tables a custom `select` reads besides `table` (cities: states), for the list cache. */
  alsoReads?: string[];
}

/** The order of a list read for a query, and the rows of its page. */
export interface ListWindow {
  orderBy: SQL[];
  limit?: number;
  offset?: number;
}

/** Lists kept per catalogue: one per tenant and admin filter. */
const MAX_CACHED_LISTS = 1_000;

/** `stamps` absent (tests of the factory alone): lists are read fresh every time. */
export function crudHandlers<T extends CrudTable, S extends AnySchema>(db: Db, def: CrudDefinition<T, S>, stamps?: ChangeStamps): CrudHandlers {
  const { table } = def;
  const reads = [getTableName(table), ...(def.alsoReads ?? [])];
  const lists = stamps && reads.every((name) => stamps.announces(name)) ? new StampedCache<ReadyJson<ApiRecord[]>>(stamps, MAX_CACHED_LISTS) : null;
  const depends = reads.map((name) => `table:${name}`);
  const tenantColumn = def.tenancy === 'riskManager' ? def.table.riskManager : undefined;
  if (def.tenancy === 'riskManager' && !tenantColumn) {
    throw new Error(`${def.entity}: tenancy riskManager needs a riskManager column`);
  }

  const select =
    def.select ??
    (async (database: Db, where: SQL | undefined, window?: ListWindow) => {
      // The cast drops Drizzle's per-table generics, which do not survive a generic table parameter.
      const ordered = database
        .select()
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it, from() infers T and Drizzle's conditional type rejects it (tsc)
        .from(table as PgTable)
        .where(where)
        .orderBy(...(window?.orderBy ?? [asc(table.name)]))
        .$dynamic();
      const rows = (await (window?.limit === undefined ? ordered : ordered.limit(window.limit).offset(window.offset ?? 0))) as T['$inferSelect'][];
      return rows.map((row) => def.toApi(row));
    });

  /** Admins may narrow a list to one tenant (?riskManager=); everyone else is pinned already. */
  const narrowedTo = (user: AuthUser, scope: Scope, { riskManager }: TenantFilter): string | null =>
    tenantColumn && scope.all && user.role.type === 'admin' && isId(riskManager) ? riskManager : null;
  const adminFilterOf = (user: AuthUser, scope: Scope, filter: TenantFilter) => {
    const narrowed = narrowedTo(user, scope, filter);
    return tenantColumn && narrowed ? eq(tenantColumn, narrowed) : undefined;
  };

  /** Tenancy (and an optional id) as one WHERE. */
  const scoped = (scope: Scope, ...conditions: (SQL | undefined)[]) =>
    and(tenantColumn ? tenantWhere(scope, tenantColumn) : undefined, def.where, ...conditions);

  const readOne = async (database: Db, id: string): Promise<ApiRecord> => {
    const [record] = await select(database, and(def.where, eq(table.id, id)));
    if (!record) throw notFound();
    return record;
  };

  const guard = (request: FastifyRequest, write: boolean) => {
    const user = currentUser(request);
    if (!(write ? def.canWrite(user) : def.canRead(user))) throw forbidden();
    return { user, scope: def.tenancy === 'global' ? ({ all: true } as Scope) : scopeOf(user) };
  };

  const listReady = async (request: FastifyRequest, filter: TenantFilter) => {
    const { user, scope } = guard(request, false);
    // The query is built only when the list is read: building it cost more than serving a kept one.
    const read = async () => new ReadyJson(await select(db, scoped(scope, adminFilterOf(user, scope, filter))));
    if (!lists) return read();
    return (await lists.get(`${scope.all ? '*' : scope.riskManager}|${narrowedTo(user, scope, filter) ?? ''}`, depends, read)).value;
  };

  return {
    entity: def.entity,
    schema: def.schema,
    answer: def.answer,

    async list(request, filter, extra) {
      const { user, scope } = guard(request, false);
      return select(db, scoped(scope, extra, adminFilterOf(user, scope, filter)));
    },

    listReady,

    listing: def.listing,

    async query(request, raw) {
      const { user, scope } = guard(request, false);
      const { listing } = def;
      if (!listing) throw new Error(`${def.entity}: lista sem paginação no servidor`);
      const query = await listQueryOf(listing, raw);
      if (!shapesTheList(query)) return listReady(request, query);
      const where = scoped(scope, adminFilterOf(user, scope, query), textFilter(listing, query.q, scope.all));
      return answerList(listing, query, {
        rows: (orderBy, window) => select(db, where, { orderBy, ...window }),
        count: async () => {
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see select above: tsc needs it
          const [row] = await db.select({ n: count() }).from(table as PgTable).where(where);
          return row?.n ?? 0;
        },
      });
    },

    async one(request, id) {
      const { scope } = guard(request, false);
      const [record] = await select(db, scoped(scope, eq(table.id, id)));
      if (!record) throw notFound();
      return record;
    },

    async create(request, reply) {
      const { user, scope } = guard(request, true);
      const { value, issues } = await check(def.schema, request.body);
      let owner: string | null = null;
      if (def.tenancy === 'riskManager' && !def.ownerFromParent) {
        owner = await resolveOwner(db, user, request.body);
        // Reported with the other issues, so an admin's empty form shows every message at once.
        if (owner === null) issues.push({ ...MISSING_RISK_MANAGER_ISSUE });
      }
      if (issues.length > 0 || value === undefined) throw invalid(issues);
      // The write and its audit entry commit together (server/audit/record.ts).
      const created = await db.transaction(async (tx) => {
        if (def.ownerFromParent) owner = await def.ownerFromParent({ db: tx, user, scope }, value);
        await def.checkReferences?.({ db: tx, user, scope, owner }, value);
        const values = { ...def.fromApi(value), ...(tenantColumn ? { riskManager: owner } : {}) };
        const [row] = await writeOrReject(
          // The cast is the generic-table limitation again; `values` is built from the table's own insert type.
          () => tx.insert(table as PgTable).values(values as never).returning({ id: table.id }),
          def.uniqueMessage ?? 'Registro já cadastrado',
        );
        const record = await readOne(tx, String((row as { id: string }).id));
        await recordAudit(tx, auditSource(request), { entity: def.entity, action: 'create', record: record._id, tenant: owner, after: record });
        return record;
      });
      reply.status(201);
      return created;
    },

    async update(request, id) {
      const { user, scope } = guard(request, true);
      // Visibility first, so a foreign id is 404 before validation can hint that it exists.
      const [existing] = (await db
        .select({ id: table.id, ...(tenantColumn ? { owner: tenantColumn } : {}) })
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see select above: tsc needs it
        .from(table as PgTable)
        .where(scoped(scope, eq(table.id, id)))) as { id: string; owner?: string }[];
      if (!existing) throw notFound();
      const value = await validBody(def.schema, request.body);
      const owner = existing.owner ?? null;
      return db.transaction(async (tx) => {
        if (def.ownerFromParent) {
          // Re-parenting a row to another tenant's parent is refused (404), like any foreign id.
          const parentOwner = await def.ownerFromParent({ db: tx, user, scope }, value);
          if (parentOwner !== owner) throw notFound();
        }
        await def.checkReferences?.({ db: tx, user, scope, owner }, value);
        const before = await readOne(tx, id);
        const updated = await writeOrReject(
          () =>
            tx
              .update(table as PgTable)
              .set(def.fromApi(value) as never)
              .where(scoped(scope, eq(table.id, id)))
              .returning({ id: table.id }),
          def.uniqueMessage ?? 'Registro já cadastrado',
        );
        if (updated.length === 0) throw notFound();
        const after = await readOne(tx, id);
        await recordAudit(tx, auditSource(request), { entity: def.entity, action: 'update', record: id, tenant: owner, before, after });
        return after;
      });
    },

    async remove(request, reply, id) {
      const { scope } = guard(request, true);
      await db.transaction(async (tx) => {
        const [before] = await select(tx, scoped(scope, eq(table.id, id)));
        if (!before) throw notFound();
        const [deleted] = (await deleteOrConflict(() =>
          tx
            .delete(table as PgTable)
            .where(scoped(scope, eq(table.id, id)))
            .returning({ id: table.id, ...(tenantColumn ? { owner: tenantColumn } : {}) }),
        )) as { id: string; owner?: string }[];
        if (!deleted) throw notFound();
        await recordAudit(tx, auditSource(request), { entity: def.entity, action: 'delete', record: id, tenant: deleted.owner ?? null, before });
      });
      reply.status(204);
    },
  };
}
