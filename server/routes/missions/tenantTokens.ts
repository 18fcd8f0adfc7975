import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueVersions, missionVersions } from '../../db/schema';
import { embeddedClient } from '../../live/listener';
import { rowsOf, type Viewer } from './viewer';

/**
 * The token a TenantCache answer is kept under (tenantCache.ts): it changes whenever the viewer's
 * tenant's missions, proposals or chat, or the names shown with them, change. Null: cache nothing.
 */
export interface TenantTokens {
  of(viewer: Viewer): Promise<string | null>;
  close(): Promise<void>;
}

/** PostgreSQL: read from the table, so another instance's write counts at this instance's next poll. */
function tableTokens(db: Db): TenantTokens {
  return {
    async of(viewer) {
      const tenant =
        viewer.kind === 'all'
          ? sql`(select string_agg(${missionVersions.version}, ',' order by ${missionVersions.riskManager}) from ${missionVersions})`
          : sql`(select ${missionVersions.version} from ${missionVersions} where ${missionVersions.riskManager} = ${viewer.riskManager})`;
      const names = sql`(select ${catalogueVersions.version} from ${catalogueVersions} where ${catalogueVersions.name} = 'mission_names')`;
      const [row] = await rowsOf<{ token: string | null }>(db, sql`select ${tenant} || ':' || coalesce(${names}, '') as token`);
      return row?.token ?? null;
    },
    close: async () => undefined,
  };
}

/**
 * PGlite: counters moved by the 'tenant_tokens' announcements of migration 0019. PGlite serves
 * one process, and it runs the listeners (as microtasks) while it reads the COMMIT's answer, so a
 * counter has moved before the writer, or any request after it, runs again. A poll that finds
 * its answer current then reads nothing from the database, whose single thread is what every
 * other request waits for.
 */
async function announcedTokens(listen: NonNullable<ReturnType<typeof embeddedClient>>): Promise<TenantTokens> {
  const tenants = new Map<string, number>();
  // '*' (the names, or the token table emptied) moves every token; any tenant moves the admins'.
  let epoch = 0;
  let any = 0;
  const stop = await listen.listen('tenant_tokens', (payload) => {
    any += 1;
    if (payload === '*') epoch += 1;
    else tenants.set(payload, (tenants.get(payload) ?? 0) + 1);
  });
  return {
    of: async (viewer) => `${epoch}:${viewer.kind === 'all' ? `all:${any}` : (tenants.get(viewer.riskManager) ?? 0)}`,
    close: stop,
  };
}

export async function tenantTokens(db: Db): Promise<TenantTokens> {
  const embedded = embeddedClient(db);
  return embedded ? announcedTokens(embedded) : tableTokens(db);
}
