import type { CepAddress, GeocodeResult, ReverseAddress } from '../../src/domain/address';
import { isValidLatitude, isValidLongitude } from '../../src/domain/validators/numbers';
import { UpstreamError } from './upstream';

/**
 * The upstreams' answers read into the product's location fields. `null` is the upstream's own "no
 * such place"; an answer of any other shape throws UpstreamError (garbage is not a not-found, and
 * is not cached). Every text is bounded and stripped of control characters before it is passed on.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/g;
const text = (value: unknown): string =>
  typeof value === 'string' ? value.replace(CONTROL, ' ').trim().slice(0, 200) : '';

const cepDigits = (value: unknown): string => {
  const digits = text(value).replace(/\D/g, '');
  return digits.length === 8 ? digits : '';
};

/** ViaCEP `GET {cep}/json/`: the address, or `{erro: true}` (newer versions send `"true"`). */
export function readViaCep(body: unknown): CepAddress | null {
  if (!isObject(body)) throw new UpstreamError('CEP answer is not an object');
  if (body.erro === true || body.erro === 'true') return null;
  const zipcode = cepDigits(body.cep);
  const city = text(body.localidade);
  const state = text(body.uf).toUpperCase();
  if (!zipcode || !city || !/^[A-Z]{2}$/.test(state)) throw new UpstreamError('CEP answer without cep, localidade or uf');
  return {
    zipcode,
    address: text(body.logradouro),
    complement: text(body.complemento),
    neighborhood: text(body.bairro),
    city,
    state,
  };
}

const coordinate = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Nominatim `search?format=jsonv2`: a list of places, best first; an empty list is no place. */
export function readSearch(body: unknown): GeocodeResult | null {
  if (!Array.isArray(body)) throw new UpstreamError('search answer is not a list');
  const first: unknown = body[0];
  if (first === undefined) return null;
  if (!isObject(first)) throw new UpstreamError('search answer holds a non-object');
  const lat = coordinate(first.lat);
  const lng = coordinate(first.lon);
  if (lat === null || lng === null || !isValidLatitude(lat) || !isValidLongitude(lng)) {
    throw new UpstreamError('search answer without valid lat/lon');
  }
  return { lat, lng };
}

/** Brazilian states by name, for answers that carry no ISO 3166-2 code. */
const UF_BY_NAME: Record<string, string> = {
  acre: 'AC', alagoas: 'AL', amapa: 'AP', amazonas: 'AM', bahia: 'BA', ceara: 'CE', 'distrito federal': 'DF',
  'espirito santo': 'ES', goias: 'GO', maranhao: 'MA', 'mato grosso': 'MT', 'mato grosso do sul': 'MS',
  'minas gerais': 'MG', para: 'PA', paraiba: 'PB', parana: 'PR', pernambuco: 'PE', piaui: 'PI',
  'rio de janeiro': 'RJ', 'rio grande do norte': 'RN', 'rio grande do sul': 'RS', rondonia: 'RO', roraima: 'RR',
  'santa catarina': 'SC', 'sao paulo': 'SP', sergipe: 'SE', tocantins: 'TO',
};

const plain = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function stateOf(address: Json): string {
  const iso = /^BR-([A-Z]{2})$/.exec(text(address['ISO3166-2-lvl4']));
  if (iso?.[1]) return iso[1];
  const name = text(address.state);
  return UF_BY_NAME[plain(name)] ?? name;
}

const firstText = (address: Json, keys: string[]): string => keys.map((k) => text(address[k])).find(Boolean) ?? '';

/** Nominatim `reverse?format=jsonv2&addressdetails=1`: `{address: {…}}`, or `{error}` when nothing is there. */
export function readReverse(body: unknown): ReverseAddress | null {
  if (!isObject(body)) throw new UpstreamError('reverse answer is not an object');
  if (typeof body.error === 'string') return null;
  const address = body.address;
  if (!isObject(address)) throw new UpstreamError('reverse answer without address');
  const result: ReverseAddress = {
    zipcode: cepDigits(address.postcode),
    address: firstText(address, ['road', 'pedestrian', 'footway', 'path']),
    number: text(address.house_number),
    neighborhood: firstText(address, ['suburb', 'neighbourhood', 'quarter', 'city_district']),
    city: firstText(address, ['city', 'town', 'village', 'municipality']),
    state: stateOf(address),
  };
  // A point at sea or in the wilderness has an answer with nothing a form can use.
  return result.city || result.address ? result : null;
}
