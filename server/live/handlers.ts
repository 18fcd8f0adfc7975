import type { TypedApp } from '../shared/schemaTypes';
import { LIVE_CONTRACTS } from '../../src/domain/live/contracts';
import { serves } from '../shared/serves';
import { ID_PATTERN } from '../../src/domain/ids';
import {
  LIVE_CHAT_EVENT,
  LIVE_ODOMETER_EVENT,
  LIVE_POSITION_EVENT,
  LIVE_EVENT,
  LIVE_HEARTBEAT_MS,
  LIVE_RESYNC_EVENT,
  LIVE_STREAM_MAX_MS,
  LIVE_TOO_MANY_STREAMS,
} from '../../src/domain/live';
import { tooManyRequests, unauthorized } from '../errors/httpErrors';
import { eventsSince } from './events';
import { openEventStream } from './eventStream';
import { mayHearChat, mayHearPositions } from './chat';
import { liveHubFor } from './hub';
import { issueTicket, redeemTicket } from './tickets';
import { liveEventFor, type EventRow } from './visibility';
import type { LiveChatEvent, LiveMissionEvent } from '../../src/domain/live';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';

/** POST {missions}/live/ticket: inside the authenticated scope (x-access-token). */
export function liveTicketHandlers({ db, now }: FeatureDeps) {
  return {
    ticket: serves(LIVE_CONTRACTS.ticket, async (request, reply) => {
      const ticket = await issueTicket(db, currentUser(request), now());
      reply.status(201);
      return ticket;
    }),
  };
}

/**
 * Each event is written to every stream that may hear it: serialised once per way of seeing it
 * (as stored, or as each provider standing sees it), not once per stream.
 */
const frames = new WeakMap<EventRow, Map<string, string>>();
function frame(row: EventRow, event: LiveMissionEvent): string {
  let seen = frames.get(row);
  if (seen === undefined) {
    seen = new Map();
    frames.set(row, seen);
  }
  const key = `${event.action ?? ''}|${event.status ?? ''}`;
  let text = seen.get(key);
  if (text === undefined) {
    text = `id: ${row.id}\nevent: ${LIVE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;
    seen.set(key, text);
  }
  return text;
}

/**
 * GET {missions}/live?ticket=…: the Server-Sent Events stream (docs/operations/several-instances.md).
 * Public scope: the ticket
 * is the credential. A reconnecting client names the last event it saw (Last-Event-ID header, or
 * `lastEventId` when it opens a new EventSource with a new ticket) and first receives what it
 * missed; live events arriving meanwhile are held back and de-duplicated.
 */
export function liveStreamHandlers({ db, now, live, config, notifications, gauges }: FeatureDeps, app: TypedApp) {
  const hub = liveHubFor(db, notifications, app.log);

  /** How to end each open stream; `closing`: the server stops, so its connection goes too. */
  const streams = new Set<(closing?: boolean) => void>();

  /** Open streams per user id on this instance (config.liveStreamsPerUser). */
  const perUser = new Map<string, number>();

  // Open streams are ended before the HTTP server closes, with their connections: the close waits
  // for every open connection, and a stream left open held a stop (SIGTERM) for its whole lifetime.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end(true);
  });

  app.addHook('onClose', async () => {
    hub.close();
  });

  return {
    stream: serves(LIVE_CONTRACTS.stream, async (request, reply) => {
      const user = await redeemTicket(db, request.query.ticket, now());
      if (!user) throw unauthorized();
      const opened = perUser.get(user.id) ?? 0;
      // A stream ends within LIVE_STREAM_MAX_MS, so a slot frees up by then at the latest.
      if (opened >= config.liveStreamsPerUser) throw tooManyRequests(LIVE_TOO_MANY_STREAMS, (live?.maxStreamMs ?? LIVE_STREAM_MAX_MS) / 1000);
      perUser.set(user.id, opened + 1);
      const header = request.headers['last-event-id'];
      const lastHeader = typeof header === 'string' && ID_PATTERN.test(header) ? header : undefined;
      const lastEventId = request.query.lastEventId ?? lastHeader;
  
      const { raw, answer } = openEventStream(reply);
  
      // Only while catching up: the ids already written, so a held live event is not sent twice.
      let sent: Set<string> | null = lastEventId ? new Set() : null;
      let held: [LiveMissionEvent, EventRow][] | null = lastEventId ? [] : null;
      const send = (event: LiveMissionEvent, row: EventRow) => {
        if (raw.writableEnded || sent?.has(row.id)) return;
        sent?.add(row.id);
        raw.write(frame(row, event));
      };
      const unsubscribe = hub.subscribe<LiveMissionEvent>({
        hear: (row) => liveEventFor(user, row),
        hearsChat: (row) => mayHearChat(user, row),
        deliver: (event, row) => (held ? held.push([event, row]) : send(event, row)),
        chat: (mission) => raw.writableEnded || raw.write(`event: ${LIVE_CHAT_EVENT}\ndata: ${JSON.stringify({ mission } satisfies LiveChatEvent)}\n\n`),
        odometer: (mission) =>
          raw.writableEnded || raw.write(`event: ${LIVE_ODOMETER_EVENT}\ndata: ${JSON.stringify({ mission } satisfies LiveChatEvent)}\n\n`),
        hearsPositions: (row) => mayHearPositions(user, row),
        positions: (missions) =>
          raw.writableEnded ||
          raw.write(missions.map((mission) => `event: ${LIVE_POSITION_EVENT}\ndata: ${JSON.stringify({ mission } satisfies LiveChatEvent)}\n\n`).join('')),
        resync: () => raw.writableEnded || raw.write(`event: ${LIVE_RESYNC_EVENT}\ndata: {}\n\n`),
      });
      gauges.liveStreams++;
      const heartbeat = setInterval(() => raw.writableEnded || raw.write(': ping\n\n'), live?.heartbeatMs ?? LIVE_HEARTBEAT_MS);
      const lifetime = setTimeout(() => end(), live?.maxStreamMs ?? LIVE_STREAM_MAX_MS);
      let ended = false;
      const end = (closing = false) => {
        if (!ended) {
          ended = true;
          gauges.liveStreams--;
          const left = (perUser.get(user.id) ?? 1) - 1;
          if (left > 0) perUser.set(user.id, left);
          else perUser.delete(user.id);
        }
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        streams.delete(end);
        // The stream's keep-alive connection would otherwise outlive the server's close.
        raw.end(closing ? () => raw.socket?.end() : undefined);
      };
      streams.add(end);
      raw.on('close', () => end());
      // A client gone while its ticket was being redeemed closed before the listener was there.
      if (raw.destroyed || !raw.socket || raw.socket.destroyed) end();
  
      if (lastEventId) {
        const missed = await eventsSince(db, lastEventId, user.role.type === 'admin' && !user.riskManager ? null : user.riskManager);
        for (const row of missed ?? []) {
          const event = liveEventFor(user, row);
          if (event) send(event, row);
        }
        const later = held ?? [];
        held = null;
        for (const [event, row] of later) send(event, row);
        sent = null;
      }
      return answer;
    }),
  };
}
