import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** The channel the mission_events trigger notifies (migration 0010). */
export const MISSION_EVENTS_CHANNEL = 'mission_events';

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The embedded PGlite behind `db` (drizzle keeps the driver's client as `$client`), or null on PostgreSQL. */
export function embeddedClient(db: Db): PgliteLike | null {
  // The driver's own client; the shared Db type does not name it.
  const client = (db as unknown as { $client: unknown }).$client;
  return client && typeof (client as PgliteLike).listen === 'function' ? (client as PgliteLike) : null;
}
interface PoolLike {
  options: Record<string, unknown>;
}

/**
 * LISTEN on the database the app writes to, whichever driver opened it (drizzle keeps the driver's
 * client as `$client`): PGlite delivers NOTIFY in-process on commit; on PostgreSQL a dedicated
 * connection (not one of the pool's) listens and is re-opened with backoff when it drops.
 * Returns the function that stops listening.
 */
export async function listenForEvents(
  db: Db,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const embedded = embeddedClient(db);
  if (embedded) return embedded.listen(MISSION_EVENTS_CHANNEL, onPayload);
  const pool = (db as unknown as { $client: PoolLike }).$client;
  return listenOnPostgres(pool.options, onPayload, onReconnect, log);
}

async function listenOnPostgres(
  options: Record<string, unknown>,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const { Client } = (await import('pg')).default;
  let stopped = false;
  let current: InstanceType<typeof Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;
  let dropped = false;

  const open = async (): Promise<void> => {
    const connection = new Client({ connectionString: options.connectionString as string | undefined, ...pick(options) });
    connection.on('notification', (message) => {
      if (message.channel === MISSION_EVENTS_CHANNEL && message.payload) onPayload(message.payload);
    });
    connection.on('error', (error) => {
      log.warn({ err: error }, 'live: conexão LISTEN caiu; reabrindo');
      void connection.end().catch(() => undefined);
      schedule();
    });
    await connection.connect();
    await connection.query(`LISTEN ${MISSION_EVENTS_CHANNEL}`);
    if (stopped) {
      await connection.end();
      return;
    }
    current = connection;
    // Whatever was notified while no connection listened is lost: say so once it listens again.
    if (dropped) onReconnect();
    dropped = false;
    attempt = 0;
  };

  const schedule = () => {
    current = null;
    dropped = true;
    if (stopped || retry) return;
    const delay = Math.min(30_000, 500 * 2 ** attempt++);
    retry = setTimeout(() => {
      retry = null;
      open().catch((error: unknown) => {
        log.warn({ err: error }, 'live: LISTEN não reabriu');
        schedule();
      });
    }, delay);
  };

  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

/** The connection settings of the pool that are also a client's (host, user, ssl…). */
function pick(options: Record<string, unknown>): Record<string, unknown> {
  const keys = ['host', 'port', 'user', 'password', 'database', 'ssl'];
  return Object.fromEntries(keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]]));
}
