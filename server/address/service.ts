import type { CepAddress, GeocodeResult, ReverseAddress } from '../../src/domain/address';
import type { Config } from '../config';
import { TtlCache } from './cache';
import { getJson, UpstreamError } from './upstream';
import { readReverse, readSearch, readViaCep } from './upstreamShapes';

/**
 * The address proxy's upstream calls with their cache. Each look-up answers the place, `null` when
 * the upstream says there is none, or throws UpstreamError when it failed (down, slow, garbage).
 * Places and genuine not-founds are cached (a CEP does not move in a day; a mistyped one is asked
 * again and again); failures are not, so the next request tries again. Identical look-ups in flight
 * share one upstream call (the forms may ask on the 8th digit and again on blur).
 */

const FOUND_TTL_MS = 24 * 3600 * 1000;
const NOT_FOUND_TTL_MS = 3600 * 1000;
const MAX_ENTRIES = 2000;

type Cached<T> = { value: T | null };

export interface AddressService {
  lookupCep(cep: string): Promise<CepAddress | null>;
  geocode(address: string): Promise<GeocodeResult | null>;
  reverse(lat: number, lng: number): Promise<ReverseAddress | null>;
}

type UpstreamConfig = Pick<Config, 'cepUpstream' | 'geocodeUpstream' | 'addressTimeoutMs' | 'geocodeUserAgent' | 'geocodeIntervalMs'>;

/**
 * Calls spaced `intervalMs` apart (Nominatim's usage policy: at most one request a second, or the
 * service blocks the address). Each call takes the next free slot; one whose slot is further away
 * than `maxWaitMs` fails at once, as an upstream failure, rather than queueing past its deadline.
 * Cache hits and look-ups already in flight never take a slot.
 */
export function spacedCalls(intervalMs: number, maxWaitMs: number, now: () => number = Date.now): () => Promise<void> {
  let free = 0;
  return async () => {
    const at = Math.max(now(), free);
    const wait = at - now();
    if (wait > maxWaitMs) throw new UpstreamError(`geocoder: ${Math.ceil(wait)} ms de fila, além do prazo`);
    free = at + intervalMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

const join = (base: string, path: string) => new URL(`${base.replace(/\/+$/, '')}/${path}`);

/** Six decimals is 0.1 m: coordinates that close are one place, and one cache entry. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

export function createAddressService(config: UpstreamConfig): AddressService {
  const cache = new TtlCache<Cached<unknown>>(MAX_ENTRIES);
  const inFlight = new Map<string, Promise<unknown>>();
  const geocodeHeaders = { 'user-agent': config.geocodeUserAgent, 'accept-language': 'pt-BR' };

  async function cached<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const hit = cache.get(key) as Cached<T> | undefined;
    if (hit) return hit.value;
    const pending = inFlight.get(key) as Promise<T | null> | undefined;
    if (pending) return pending;
    const call = load()
      .then((value) => {
        cache.set(key, { value }, value === null ? NOT_FOUND_TTL_MS : FOUND_TTL_MS);
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  }

  const ask = (url: URL, headers?: Record<string, string>) => getJson(url, { timeoutMs: config.addressTimeoutMs, headers });
  const geocoderSlot = spacedCalls(config.geocodeIntervalMs, config.addressTimeoutMs);
  const askGeocoder = async (url: URL) => {
    await geocoderSlot();
    return ask(url, geocodeHeaders);
  };

  return {
    lookupCep: (cep) =>
      cached(`cep:${cep}`, async () => readViaCep(await ask(join(config.cepUpstream, `${cep}/json/`)))),

    geocode(address) {
      const query = address.trim().replace(/\s+/g, ' ');
      return cached(`geo:${query.toLowerCase()}`, async () => {
        const url = join(config.geocodeUpstream, 'search');
        url.search = new URLSearchParams({ q: query, format: 'jsonv2', limit: '1', countrycodes: 'br' }).toString();
        return readSearch(await askGeocoder(url));
      });
    },

    reverse(lat, lng) {
      const [la, lo] = [round(lat), round(lng)];
      return cached(`rev:${la},${lo}`, async () => {
        const url = join(config.geocodeUpstream, 'reverse');
        url.search = new URLSearchParams({ lat: String(la), lon: String(lo), format: 'jsonv2', addressdetails: '1', zoom: '18' }).toString();
        return readReverse(await askGeocoder(url));
      });
    },
  };
}
