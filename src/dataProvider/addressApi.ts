/**
 * The address proxy's calls (docs/api.md; base /api/address), extra methods
 * of the data provider (docs/architecture.md). Each answers the place or `null` when there is none (the
 * server's 404; docs/rules/messages.md: geocoding failure returns null) and throws HttpError for
 * anything else: bad
 * input, no session, too many look-ups, and 503 when the address service itself is unavailable.
 * The CEP look-up is public (docs/api.md) but still carries the session's token when there is one: the
 * server limits only anonymous callers per address. Geocoding needs the session.
 */
import type { CepAddress, GeocodeResult, ReverseAddress } from '../domain/address';
import { ADDRESS_PATHS } from '../domain/endpoints';
import { HttpError } from './HttpError';
import type { HttpClient, RequestOptions } from './httpClient';

export interface AddressCallOptions {
  /** Aborts the call when a newer look-up replaces it. */
  signal?: AbortSignal;
}

export interface AddressApi {
  /** GET {cep}/json: the CEP's street, neighbourhood, city and state. */
  lookupCep(cep: string, options?: AddressCallOptions): Promise<CepAddress | null>;
  /** GET geocode?address=: the address's coordinates. */
  geocode(address: string, options?: AddressCallOptions): Promise<GeocodeResult | null>;
  /** GET reverse?lat&lng (numbers, or text with a comma or dot decimal): the address at a point. */
  reverseGeocode(lat: number | string, lng: number | string, options?: AddressCallOptions): Promise<ReverseAddress | null>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The server's answer when it has the `keys` (the proxy's own shapes, src/domain/address.ts). */
function placeOf<T>(data: unknown, keys: readonly (keyof T & string)[]): T {
  if (!isObject(data) || !keys.every((k) => k in data)) throw new HttpError(502, { error: 'Resposta inesperada do servidor' });
  return data as T;
}

export function createAddressApi(httpClient: HttpClient): AddressApi {
  async function get<T>(path: string, keys: readonly (keyof T & string)[], options: RequestOptions): Promise<T | null> {
    try {
      // No retries: the proxy already waited for its upstream (ADDRESS_TIMEOUT_MS) and says when it is unavailable.
      const { data } = await httpClient<unknown>('address', path, { ...options, retry: false });
      return placeOf<T>(data, keys);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }
  return {
    lookupCep: (cep, { signal } = {}) =>
      get<CepAddress>(ADDRESS_PATHS.cep(cep), ['zipcode', 'address', 'neighborhood', 'city', 'state'], { signal }),
    geocode: (address, { signal } = {}) =>
      get<GeocodeResult>(ADDRESS_PATHS.geocode, ['lat', 'lng'], { query: { address }, signal }),
    reverseGeocode: (lat, lng, { signal } = {}) =>
      get<ReverseAddress>(ADDRESS_PATHS.reverse, ['zipcode', 'address', 'number', 'city', 'state'], { query: { lat, lng }, signal }),
  };
}
