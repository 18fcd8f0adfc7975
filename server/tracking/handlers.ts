import type { TypedApp } from '../shared/schemaTypes';
import type { FastifyRequest } from 'fastify';
import { LIVE_EVENT, LIVE_HEARTBEAT_MS, LIVE_POSITION_EVENT, LIVE_RESYNC_EVENT, LIVE_STREAM_MAX_MS } from '../../src/domain/live';
import {
  TRACKING_EXPIRED,
  TRACKING_NOT_FOUND,
  TRACKING_NOT_SHAREABLE,
  TRACKING_REQUESTS_PER_WINDOW,
  TRACKING_REVOKED,
  TRACKING_REVOKED_EVENT,
  TRACKING_TOO_MANY,
  trackingPagePath,
  trackingStatusOf,
  type TrackingLiveEvent,
} from '../../src/domain/tracking';
import { TRACKING_CONTRACTS, type TrackingLinkState } from '../../src/domain/tracking/contracts';
import { serves } from '../shared/serves';
import { isOver, LIMIT_WINDOW_MS, reserve, secondsLeft, type Limit } from '../auth/authLimits';
import { conflict, forbidden, HttpError, notFound, tooManyRequests } from '../errors/httpErrors';
import { openEventStream } from '../live/eventStream';
import { liveHubFor } from '../live/hub';
import { readableMission } from '../missions/missionAccess';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { createLink, countView, latestLink, linkByToken, linkInfo, linkRefusal, revokeLinks, type LinkRow } from './links';
import { SHIPPER_STEPS, trackingView } from './view';

/**
 * The risk manager's side (inside the authenticated missions area): create a link (the previous
 * one of the mission is revoked), see the latest one with its views, revoke it. Only the mission's
 * risk manager's users: a provider never shares what it holds, and other tenants get the 404 of a
 * mission that does not exist (readableMission).
 */
export function trackingLinkHandlers({ db, now, config }: FeatureDeps) {
  const sharedMission = async (request: FastifyRequest, id: string) => {
    const mission = await readableMission(db, currentUser(request), id);
    if (mission.actor !== 'riskManager') throw forbidden();
    return mission;
  };

  const state = async (mission: string): Promise<TrackingLinkState> => {
    const link = await latestLink(db, mission);
    return { link: link && (await linkInfo(db, link, now(), config.trackingLinkTtlHours)) };
  };

  return {
    link: serves(TRACKING_CONTRACTS.link, async (request) => state((await sharedMission(request, request.params.id)).id)),

    create: serves(TRACKING_CONTRACTS.create, async (request, reply) => {
      const mission = await sharedMission(request, request.params.id);
      if (mission.status !== 'open' && mission.status !== 'started') throw conflict(TRACKING_NOT_SHAREABLE);
      const token = await createLink(db, mission, currentUser(request).id, now());
      const { link } = await state(mission.id);
      // The link just created is the mission's latest: its absence is a fault, not an answer.
      if (!link) throw new Error(`tracking link of ${mission.id} missing after its creation`);
      reply.status(201);
      return { link, url: `${config.publicUrl}${trackingPagePath(token)}` };
    }),

    revoke: serves(TRACKING_CONTRACTS.revoke, async (request) => {
      const mission = await sharedMission(request, request.params.id);
      await revokeLinks(db, mission.id, now());
      return state(mission.id);
    }),
  };
}


/** Page loads, refreshes and live connections of tracking pages from one client address. */
export const TRACKING_LIMIT = (ip: string): Limit => ({ key: `tracking:ip:${ip}`, max: TRACKING_REQUESTS_PER_WINDOW, windowMs: LIMIT_WINDOW_MS });

/**
 * The shipper's side (public: the token is the credential). Every request is counted against its
 * address first (a scraper or a guesser is stopped before any look-up); an unknown token is 404, a
 * revoked or expired one 410 with what happened, in Portuguese, for the page to show.
 */
export function trackingPublicHandlers({ db, now, config, live, notifications }: FeatureDeps, app: TypedApp) {
  /** The link of `token`, asked from address `ip`. */
  const openLink = async (ip: string, token: string): Promise<LinkRow> => {
    const at = now();
    const [hit] = await reserve(db, [TRACKING_LIMIT(ip)], at);
    if (isOver(hit)) throw tooManyRequests(TRACKING_TOO_MANY, secondsLeft(hit, at));
    const link = await linkByToken(db, token);
    if (!link) throw notFound(TRACKING_NOT_FOUND);
    const refusal = await linkRefusal(db, link, at, config.trackingLinkTtlHours);
    if (refusal) throw new HttpError(410, { error: refusal === 'revoked' ? TRACKING_REVOKED : TRACKING_EXPIRED });
    return link;
  };

  const hub = liveHubFor(db, notifications, app.log);

  const streams = new Set<() => void>();

  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  return {
    view: serves(TRACKING_CONTRACTS.view, async (request, reply) => {
      const link = await openLink(request.ip, request.params.token);
      // A load is a view; the page's own refreshes after a live event (?refresh=1) are not.
      if (request.query.refresh !== '1') await countView(db, link.id, now());
      void reply.header('cache-control', 'no-store');
      return trackingView(db, link, config.trackingLinkTtlHours, now());
    }),

    /**
     * The live stream of the one mission the link shares: the mission events the shipper's timeline
     * shows (SHIPPER_STEPS), each only as "refetch, the status is now X". No replay: the page
     * refetches everything whenever the stream (re)opens.
     */
    live: serves(TRACKING_CONTRACTS.live, async (request, reply) => {
      const link = await openLink(request.ip, request.params.token);
      const { raw, answer } = openEventStream(reply);
      const unsubscribe = hub.subscribe<TrackingLiveEvent>({
        hear: (row) =>
          row.mission === link.mission && SHIPPER_STEPS[row.action]
            ? { id: row.id, status: trackingStatusOf(row.status), createdAt: row.createdAt.toISOString() }
            : null,
        deliver: (event) => raw.writableEnded || raw.write(`id: ${event.id}\nevent: ${LIVE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`),
        hearsChat: () => false,
        chat: () => undefined,
        // The team approaching (docs/rules/positions.md): the page refetches its view, which says only where and when.
        hearsPositions: (row) => row.mission === link.mission,
        positions: () => raw.writableEnded || raw.write(`event: ${LIVE_POSITION_EVENT}\ndata: {}\n\n`),
        resync: () => raw.writableEnded || raw.write(`event: ${LIVE_RESYNC_EVENT}\ndata: {}\n\n`),
        revoked: (revoked) => {
          if (revoked !== link.id) return;
          if (!raw.writableEnded) raw.write(`event: ${TRACKING_REVOKED_EVENT}\ndata: {}\n\n`);
          end();
        },
      });
      const heartbeat = setInterval(() => raw.writableEnded || raw.write(': ping\n\n'), live?.heartbeatMs ?? LIVE_HEARTBEAT_MS);
      const lifetime = setTimeout(() => end(), live?.maxStreamMs ?? LIVE_STREAM_MAX_MS);
      const end = () => {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        streams.delete(end);
        raw.end();
      };
      streams.add(end);
      raw.on('close', end);
      if (raw.destroyed || !raw.socket || raw.socket.destroyed) end();
      return answer;
    }),
  };
}
