/**
 * The address proxy's calls (docs/api.md; base /api/address), extra methods
 * of the data provider (docs/architecture.md). Each answers the place or `null` when there is none (the
 * server's 404; docs/rules/messages.md: geocoding failure returns null) and throws HttpError for
 * anything else: bad
 * input, no session, too many look-ups, and 503 when the address service itself is unavailable.
 * The CEP look-up is public (docs/api.md) but still carries the session's token when there is one: the
 * server limits only anonymous callers per address. Geocoding needs the session.
 */
import { ADDRESS_CONTRACTS, type CepAddress, type GeocodeResult, type ReverseAddress } from '../domain/address';
import type { Contract, ReplyOf } from '../domain/contract';
import { createCall, type CallInput } from './call';
import { HttpError } from './HttpError';
import type { HttpClient } from './httpClient';

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

type PlaceContract = Contract & { readonly responses: { readonly 200: { readonly required: readonly string[] } } };

/** The server's answer when it holds every field its contract requires (anything else, say a page a proxy served, is no place). */
function placeOf<C extends PlaceContract>(contract: C, data: ReplyOf<C>): ReplyOf<C> {
  const fields: unknown = data;
  if (typeof fields !== 'object' || fields === null || !contract.responses[200].required.every((k) => k in fields)) {
    throw new HttpError(502, { error: 'Resposta inesperada do servidor' });
  }
  return data;
}

export function createAddressApi(httpClient: HttpClient): AddressApi {
  // No retries: the proxy already waited for its upstream (ADDRESS_TIMEOUT_MS) and says when it is unavailable.
  const call = createCall((base, path, options) => httpClient(base, path, { ...options, retry: false }));
  async function get<const C extends PlaceContract>(contract: C, input: CallInput<C>): Promise<ReplyOf<C> | null> {
    try {
      return placeOf(contract, await call(contract, input));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }
  return {
    lookupCep: (cep, { signal } = {}) => get(ADDRESS_CONTRACTS.cep, { params: { cep }, signal }),
    geocode: (address, { signal } = {}) => get(ADDRESS_CONTRACTS.geocode, { query: { address }, signal }),
    reverseGeocode: (lat, lng, { signal } = {}) => get(ADDRESS_CONTRACTS.reverse, { query: { lat: String(lat), lng: String(lng) }, signal }),
  };
}
