import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../shared/schemaTypes';
import { ADDRESS_CONTRACTS, ADDRESS_LOOKUP_TEXTS, COORDINATES_LOOKUP_TEXTS, type LookupTexts } from '../../src/domain/address';
import { INVALID_CEP, INVALID_NUMBER, NOT_EMPTY } from '../../src/domain/messages';
import { isValidCep, normalizeCep } from '../../src/domain/validators/cep';
import { parseDecimal, validateLatitude, validateLongitude } from '../../src/domain/validators/numbers';
import { createAddressService } from './service';
import { UpstreamError } from './upstream';
import { isOver, reserve, secondsLeft, type Limit } from '../auth/authLimits';
import { invalid, notFound, serviceUnavailable, tooManyRequests } from '../errors/httpErrors';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';

/**
 * Address proxy (docs/api.md, base /api/address), from its contracts (src/domain/address.ts):
 *
 * | call                      | access        | answer                                                   |
 * |---------------------------|---------------|----------------------------------------------------------|
 * | GET /{cep}/json           | public        | {zipcode, address, complement, neighborhood, city, state} |
 * | GET /geocode?address=     | session       | {lat, lng}                                               |
 * | GET /reverse?lat=&lng=    | session       | {zipcode, address, number, neighborhood, city, state}    |
 *
 * The CEP look-up is public (no auth, docs/api.md), so an anonymous caller is limited per client
 * address, counted in the database like the auth limits so every instance sees the same count. A
 * caller with a valid session is not: behind a proxy without TRUST_PROXY every person shares one
 * address, and the forms that look CEPs up are all behind the login. An invalid token on this
 * public call is no 401: the caller is simply anonymous. Geocoding spends a
 * shared upstream quota (Nominatim asks for at most one request a second: the service spaces its
 * calls, server/address/service.ts) and the forms that use it are all behind the login, so it needs
 * a session. A place the upstream does not know is the product's not-found text (404); an upstream
 * that fails, times out or answers garbage is 503 with the unavailable text, so the person knows the
 * address may be right and can type it by hand; the cause goes to the log only.
 */

/** Anonymous CEP look-ups per client address: a person filling a form asks a few; a scraper, thousands. */
export const cepLimit = (ip: string): Limit => ({ key: `cep:ip:${ip}`, max: 60, windowMs: 10 * 60 * 1000 });

const issue = (path: string, message: string, code = 'invalid_string') => invalid([{ code, path, message }]);

/** The look-up's place; 404 when there is none, 503 when the upstream failed. */
async function placeOr<T>(request: FastifyRequest, texts: LookupTexts, lookup: () => Promise<T | null>): Promise<T> {
  let place: T | null;
  try {
    place = await lookup();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    request.log.warn({ reason: error.message }, 'address upstream failed');
    throw serviceUnavailable(texts.unavailable);
  }
  if (place === null) throw notFound(texts.notFound);
  return place;
}

/**
 * The scope of geocoding and its reverse (their rows in server/http/routeTable.ts): a session is
 * needed, checked by its own hook beside the public CEP look-up under the same base.
 */
export function addressSessionScope(app: TypedApp): void {
  app.addHook('onRequest', app.authenticate);
}

export function addressHandlers(deps: FeatureDeps, app: TypedApp) {
  // One cache per app instance (server/address/cache.ts: an optimisation, not shared state).
  const service = createAddressService(deps.config);

  const hasSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers['x-access-token']) return false;
    try {
      await app.authenticate(request, reply);
      return true;
    } catch {
      return false;
    }
  };

  return {
    cep: serves(ADDRESS_CONTRACTS.cep, async (request, reply) => {
      if (!(await hasSession(request, reply))) {
        const now = deps.now();
        const [hit] = await reserve(deps.db, [cepLimit(request.ip)], now);
        if (isOver(hit)) throw tooManyRequests(undefined, secondsLeft(hit, now));
      }
      const cep = normalizeCep(request.params.cep);
      if (!isValidCep(cep)) throw issue('cep', INVALID_CEP, 'invalid_cep');
      return placeOr(request, ADDRESS_LOOKUP_TEXTS, () => service.lookupCep(cep));
    }),

    geocode: serves(ADDRESS_CONTRACTS.geocode, async (request) => {
      const address = request.query.address.trim();
      if (!address) throw issue('address', NOT_EMPTY, 'required');
      return placeOr(request, COORDINATES_LOOKUP_TEXTS, () => service.geocode(address));
    }),

    reverse: serves(ADDRESS_CONTRACTS.reverse, async (request) => {
      const [lat, lng] = [parseDecimal(request.query.lat), parseDecimal(request.query.lng)];
      if (lat === null) throw issue('lat', INVALID_NUMBER);
      if (lng === null) throw issue('lng', INVALID_NUMBER);
      const latError = validateLatitude(lat);
      if (latError) throw issue('lat', latError);
      const lngError = validateLongitude(lng);
      if (lngError) throw issue('lng', lngError);
      return placeOr(request, ADDRESS_LOOKUP_TEXTS, () => service.reverse(lat, lng));
    }),
  };
}
