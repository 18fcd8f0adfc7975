import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The database's announcements (NOTIFY) as one instance hears them, on whichever driver opened
 * `db`: PGlite's thread sends them before the COMMIT's answer (pgliteThread.ts), so a change is
 * heard before its writer (or any later request) runs again; on PostgreSQL one dedicated connection
 * (not one of the pool's) listens to every channel and is re-opened with backoff when it drops.
 *
 * What is announced (migrations): 'mission_events' (0011, 0012: a mission event or a chat change,
 * for the live streams), 'tenant_tokens' (0019: a tenant's missions changed), 'data_changes' (0022:
 * a user row, or a catalogue table), and 'data_settle', this file's own marker.
 */
export const CHANNELS = ['mission_events', 'tenant_tokens', 'data_changes', 'data_settle'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface Notifications {
  /** Calls `handler` with the payload of every announcement on `channel`. */
  on(channel: Channel, handler: (payload: string) => void): void;
  /** Calls `handler` when announcements may have been lost (PostgreSQL's LISTEN connection came back). */
  onGap(handler: () => void): void;
  /** False while announcements cannot arrive (PostgreSQL's LISTEN connection is down). */
  readonly live: boolean;
  /**
   * Resolves once every announcement committed before the call has been heard here. On PostgreSQL
   * a marker is announced and awaited: a connection hears announcements in commit order, so the
   * marker comes after everything committed before it. On PGlite there is nothing to wait for.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
interface PoolLike {
  options: Record<string, unknown>;
}

/** How long settle() waits for its marker before calling the stream broken (a gap). */
const SETTLE_TIMEOUT_MS = 2000;

/**
 * How often an instance on PostgreSQL announces a marker to itself. A LISTEN connection can stop
 * hearing without an error (a half-open socket, a proxy that dropped it): until the marker goes
 * unheard the instance would go on answering from memory what another instance changed. So the
 * window is at most this plus SETTLE_TIMEOUT_MS (docs/operations/several-instances.md).
 */
const HEARTBEAT_MS = 5000;

export async function openNotifications(db: Db, log: FastifyBaseLogger, { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {}): Promise<Notifications> {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const gapHandlers: (() => void)[] = [];
  const dispatch = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };
  const gap = () => {
    for (const handler of gapHandlers) handler();
  };
  const common = {
    on(channel: Channel, handler: (payload: string) => void) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    onGap(handler: () => void) {
      gapHandlers.push(handler);
    },
  };

  // The driver's own client (drizzle keeps it as `$client`); the shared Db type does not name it.
  const client = (db as unknown as { $client: unknown }).$client;
  if (client && typeof (client as PgliteLike).listen === 'function') {
    const embedded = client as PgliteLike;
    const stops = await Promise.all(CHANNELS.map((channel) => embedded.listen(channel, (payload) => dispatch(channel, payload))));
    return {
      ...common,
      live: true,
      settle: () => Promise.resolve(),
      close: async () => {
        await Promise.all(stops.map((stop) => stop()));
      },
    };
  }

  const markers = new Map<string, () => void>();
  const listener = await listenOnPostgres(
    (client as PoolLike).options,
    (channel, payload) => {
      if (channel === 'data_settle') markers.get(payload)?.();
      else dispatch(channel, payload);
    },
    gap,
    log,
  );

  /** Announces a marker and waits for it; false when the listening connection did not hear it in time. */
  const heardOwnMarker = async (): Promise<boolean> => {
    const marker = randomUUID();
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
      markers.set(marker, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await db.execute(sql`select pg_notify('data_settle', ${marker})`);
      return await heard;
    } finally {
      markers.delete(marker);
    }
  };

  /**
   * Not heard in time: whatever this instance keeps may be behind. It is dropped as after a gap, and
   * the connection, which can no longer be trusted, is reopened; until it listens again the instance
   * answers nothing from memory (live is false).
   */
  const checkHearing = async (): Promise<void> => {
    if (!listener.connected()) return;
    if (await heardOwnMarker()) return;
    log.warn('avisos do banco: a conexão LISTEN não ouviu o próprio aviso; reabrindo');
    listener.reopen();
    gap();
  };

  let checking = false;
  const heartbeat = setInterval(() => {
    if (checking) return;
    checking = true;
    checkHearing()
      .catch((error: unknown) => log.warn({ err: error }, 'avisos do banco: verificação da conexão LISTEN falhou'))
      .finally(() => (checking = false));
  }, heartbeatMs);
  heartbeat.unref();

  return {
    ...common,
    get live() {
      return listener.connected();
    },
    settle: checkHearing,
    close: () => {
      clearInterval(heartbeat);
      return listener.stop();
    },
  };
}

async function listenOnPostgres(
  options: Record<string, unknown>,
  onPayload: (channel: string, payload: string) => void,
  onReconnect: () => void,
  log: FastifyBaseLogger,
): Promise<{ connected(): boolean; reopen(): void; stop(): Promise<void> }> {
  const { Client } = (await import('pg')).default;
  let stopped = false;
  let current: InstanceType<typeof Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;
  let dropped = false;

  const open = async (): Promise<void> => {
    const connection = new Client({ connectionString: options.connectionString as string | undefined, ...pick(options) });
    connection.on('notification', (message) => {
      if (message.payload !== undefined) onPayload(message.channel, message.payload);
    });
    connection.on('error', (error) => {
      // A connection already given up (reopen) may still report its end: the current one is fine.
      if (current !== null && current !== connection) return;
      log.warn({ err: error }, 'avisos do banco: conexão LISTEN caiu; reabrindo');
      void connection.end().catch(() => undefined);
      schedule();
    });
    await connection.connect();
    for (const channel of CHANNELS) await connection.query(`LISTEN ${channel}`);
    if (stopped) {
      await connection.end();
      return;
    }
    current = connection;
    // Whatever was announced while no connection listened is lost: say so once it listens again.
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
        log.warn({ err: error }, 'avisos do banco: LISTEN não reabriu');
        schedule();
      });
    }, delay);
  };

  await open();
  return {
    connected: () => current !== null,
    reopen: () => {
      const given = current;
      if (!given) return;
      schedule();
      void given.end().catch(() => undefined);
    },
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await current?.end().catch(() => undefined);
    },
  };
}

/** The connection settings of the pool that are also a client's (host, user, ssl…). */
function pick(options: Record<string, unknown>): Record<string, unknown> {
  const keys = ['host', 'port', 'user', 'password', 'database', 'ssl'];
  return Object.fromEntries(keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]]));
}
