import { asc, eq, type SQL } from 'drizzle-orm';
import { CITY_STATE_REQUIRED } from '../../src/domain/messages';
import { CITY_EXTRA } from '../../src/domain/recordAnswers';
import type { ChangeStamps } from '../cache/changeStamps';
import type { Db } from '../db/client';
import { cities, states } from '../db/schema';
import { invalid } from '../errors/httpErrors';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { CrudHandlers } from '../shared/crudHandlers';
import type { ListWindow } from './crudQueries';
import { RECORD_LISTINGS } from './listings';
import { APP_CATALOGUES, registryHandlers, type AdminCatalogues, type RecordExtras } from './records';

/** GET /cities: one query (cities ⋈ states, by name) — the budget in docs/performance.md is 5,000 rows in < 30 ms. */
async function selectCities(db: Db, where: SQL | undefined, window?: ListWindow): Promise<ApiRecord[]> {
  const ordered = db
    .select({ id: cities.id, name: cities.name, state: cities.state, stateName: states.name, active: cities.active })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.state))
    .where(where)
    .orderBy(...(window?.orderBy ?? [asc(cities.name)]))
    .$dynamic();
  const rows = await (window?.limit === undefined ? ordered : ordered.limit(window.limit).offset(window.offset ?? 0));
  return rows.map((r) => ({ _id: r.id, name: r.name, state: r.state, stateName: r.stateName, active: r.active }));
}

/**
 * What cities need beyond their table: the state's name in one joined read, a state that exists;
 * shippers and cities page on the server (listings.ts).
 */
const ADMIN_EXTRAS: Record<string, RecordExtras> = {
  shippers: { listing: RECORD_LISTINGS.shippers },
  cities: {
    listing: RECORD_LISTINGS.cities,
    select: selectCities,
    answerExtra: CITY_EXTRA,
    alsoReads: ['states'],
    // An unknown state is a bad form value (400 on the state field), not a missing city (404).
    async checkReferences(ctx, value) {
      const [state] = await ctx.db
        .select({ id: states.id })
        .from(states)
        .where(eq(states.id, String(value.state)));
      if (!state) throw invalid([{ code: 'invalid_id', path: 'state', message: CITY_STATE_REQUIRED }]);
    },
  },
};

/**
 * The catalogues served at /:type, by type: every lookup and record of the registry
 * (records.ts), with the cities' extras. Exported for the endpoint check (tests/server/endpoints.test.ts).
 */
export const adminCatalogues = (db: Db, catalogues: AdminCatalogues = APP_CATALOGUES, stamps?: ChangeStamps): Record<string, CrudHandlers> =>
  registryHandlers(db, catalogues, ADMIN_EXTRAS, stamps);
