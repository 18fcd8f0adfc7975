import type { MissionEventAction, MissionRow, MissionStatus } from '../missions';

/**
 * Live dispatch (docs/operations/several-instances.md): the server pushes one Server-Sent Event per
 * mission event (mission,
 * proposal and finish-request changes) to the clients allowed to see that mission; the browser
 * refetches what it shows. Paths are relative to the missions base (/api/missions) and chosen
 * apart from the missions service's own ':id/…' routes.
 */
export const LIVE_PATHS = {
  /** POST (x-access-token): a single-use ticket for the stream. */
  ticket: 'live/ticket',
  /** GET ?ticket=…[&lastEventId=…]: the text/event-stream. */
  stream: 'live',
} as const;

/** A ticket works once and for this long: enough to open the stream right after asking for it. */
export const LIVE_TICKET_TTL_MS = 60_000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/**
 * The server ends a stream after this long and the client opens a new one with a new ticket
 * (replaying what it missed): a session revoked meanwhile (password reset, deactivated login) stops
 * receiving events within this time, since a ticket needs a valid token.
 */
export const LIVE_STREAM_MAX_MS = 10 * 60_000;
/**
 * Open streams one login may hold on one server: a person's tabs and devices stay far below it,
 * while a script holding thousands (each costs the server ~60 KiB) is refused with 429 and the
 * screens fall back to polling. LIVE_STREAMS_PER_USER in the environment changes it.
 */
export const LIVE_STREAMS_PER_USER = 20;
export const LIVE_TOO_MANY_STREAMS = 'Conexões ao vivo demais abertas por este usuário. Feche outras abas ou janelas do sistema.';
/** The SSE event name of a mission event; its `id` is the mission event's id. */
export const LIVE_EVENT = 'mission';
/**
 * Sent when the server may have missed announcements (its LISTEN connection dropped and came
 * back): the client refetches everything it shows.
 */
export const LIVE_RESYNC_EVENT = 'resync';
/**
 * Sent to the clients that may read a mission's chat when a message is sent or deleted there. It
 * has no `id` (chat messages are not mission events: they are not replayed, and the chat page
 * refetches on every open of the stream).
 */
export const LIVE_CHAT_EVENT = 'chat';

/**
 * Sent to the clients that may read a mission's details when one of its security agents' odometers
 * is written, changed or removed (the cost meter refetches). Data: `{ mission }`, no `id`, not
 * replayed: the meter refetches on every open of the stream.
 */
export const LIVE_ODOMETER_EVENT = 'odometer';

/**
 * Sent to the clients that may see a started mission's teams (its risk manager's users, its holder,
 * its shipper's tracking page) when one of the holder's devices sends a position: the map refetches
 * (docs/rules/positions.md). Data: `{ mission }`, no `id`, not replayed: the map refetches on every
 * open of the stream.
 */
export const LIVE_POSITION_EVENT = 'position';

/** The data of one `chat` event. */
export interface LiveChatEvent {
  mission: string;
}

/**
 * The data of one `mission` event: enough to know what to refetch, nothing a list would not show.
 * A provider gets it as the competition rule lets it see (missions/competition.ts): `action` null
 * when it may only know that the mission changed for it, `status` as it sees the mission (null
 * once the mission left its list).
 */
export interface LiveMissionEvent {
  id: string;
  mission: string;
  /** As the mission's row shows it: a notice names the mission by it, or by its id while it has none. */
  processNumber: string | null;
  action: MissionEventAction | null;
  status: MissionStatus | null;
  createdAt: string;
}

/**
 * What a provider's event says of its bid, as the competition rule tells it (providerLiveNotice,
 * missions/competition.ts): 'won' for the acceptance, which only the holder hears; 'lost' when the
 * mission left the auction for another provider, which the one that lost hears as 'rejected' and
 * nothing more; null for any other event.
 */
export function bidOutcome(event: Pick<LiveMissionEvent, 'action' | 'status'>): 'won' | 'lost' | null {
  if (event.action === 'accepted') return 'won';
  return event.action === null && event.status === 'rejected' ? 'lost' : null;
}

/**
 * The same outcome read from two polls of a provider's page, for when the live stream is down: a
 * row turned 'rejected' is a lost bid; a row that gained a holder is a won one, since a provider's
 * row names a holder only when the holder is that provider.
 */
export function bidOutcomeOfRows(before: Pick<MissionRow, 'status' | 'serviceProvider'>, after: Pick<MissionRow, 'status' | 'serviceProvider'>): 'won' | 'lost' | null {
  if (after.status === 'rejected') return before.status === 'rejected' ? null : 'lost';
  return before.serviceProvider === null && after.serviceProvider !== null ? 'won' : null;
}

/** Reconnection delays after the stream drops: doubling from 1 s up to 30 s. */
export function liveBackoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}
