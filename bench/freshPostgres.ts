import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';

/** A database named `name` on the PostgreSQL server of `serverUrl`, made for this run and dropped by `drop`. */
export async function freshPostgres(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = await openDatabase({ databaseUrl: serverUrl });
  await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}
