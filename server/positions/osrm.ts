import type { Point } from '../../src/domain/positions/eta';
import type { FastifyBaseLogger } from 'fastify';
import { getJson } from '../address/upstream';
import type { Config } from '../config';

/**
 * The route duration from an OSRM server (OSRM_URL, docs/rules/positions.md): its `route` service,
 * driving profile, no geometry. Any failure — no answer within the deadline, an error status, no
 * route between the two points — is null, and the caller falls back to the straight line: an
 * estimate is always shown, a router down never takes the map with it.
 */

/** The deadline of one route request: the map's read waits for it. */
export const OSRM_TIMEOUT_MS = 1500;

export type RouteSeconds = (from: Point, to: Point) => Promise<number | null>;

interface OsrmAnswer {
  code?: unknown;
  routes?: { duration?: unknown }[];
}

export function osrmRoute(baseUrl: string, onError: (error: unknown) => void, timeoutMs = OSRM_TIMEOUT_MS): RouteSeconds {
  const base = baseUrl.replace(/\/$/, '');
  return async (from, to) => {
    const url = new URL(`${base}/route/v1/driving/${from.longitude},${from.latitude};${to.longitude},${to.latitude}`);
    url.searchParams.set('overview', 'false');
    try {
      const answer = (await getJson(url, { timeoutMs })) as OsrmAnswer;
      const duration = answer.code === 'Ok' ? answer.routes?.[0]?.duration : undefined;
      return typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null;
    } catch (error) {
      onError(error);
      return null;
    }
  };
}

/** The instance's router: OSRM_URL's, or none (the straight line); a failure is logged and falls back. */
export const routeOf = (config: Pick<Config, 'osrmUrl'>, log: FastifyBaseLogger): RouteSeconds | undefined =>
  config.osrmUrl ? osrmRoute(config.osrmUrl, (error) => log.warn({ err: error }, 'OSRM sem resposta: previsão em linha reta')) : undefined;
