/**
 * The address services' shared vocabulary (docs/api.md, docs/rules/messages.md): what the server's
 * /api/address proxy answers, the texts both sides show, and the
 * input limits the server enforces. Pure TS, used by the proxy and by the browser's look-up hook.
 */

/** docs/rules/messages.md: the warning toast when a CEP or a pair of coordinates has no address. */
export const ADDRESS_NOT_FOUND = 'Endereço não encontrado';
/** docs/rules/messages.md: an address that geocoding could not place. */
export const COORDINATES_NOT_FOUND = 'Não foi possível encontrar as coordenadas';

/**
 * Ours: the look-up could not reach its service (down, too slow, answering nonsense), which says
 * nothing about the address; the form takes it typed by hand. The proxy answers these with 503.
 */
export const ADDRESS_SERVICE_UNAVAILABLE = 'O serviço de endereços está indisponível no momento. Preencha o endereço manualmente.';
export const COORDINATES_SERVICE_UNAVAILABLE =
  'O serviço de localização está indisponível no momento. Preencha a latitude e a longitude manualmente.';

/** What a look-up says when it finds nothing (404) and when its service is unavailable (503). */
export interface LookupTexts {
  notFound: string;
  unavailable: string;
}
/** CEP and reverse geocoding: they fill the address. */
export const ADDRESS_LOOKUP_TEXTS: LookupTexts = { notFound: ADDRESS_NOT_FOUND, unavailable: ADDRESS_SERVICE_UNAVAILABLE };
/** Geocoding: it fills the coordinates. */
export const COORDINATES_LOOKUP_TEXTS: LookupTexts = { notFound: COORDINATES_NOT_FOUND, unavailable: COORDINATES_SERVICE_UNAVAILABLE };

/** Longest free-text address sent to geocoding (ours: a full Brazilian address fits in far less). */
export const MAX_GEOCODE_QUERY = 300;

/** A CEP look-up, in the location field names of docs/api.md (zipcode is 8 digits, state the UF). */
export interface CepAddress {
  zipcode: string;
  address: string;
  /** ViaCEP's `complemento` (a range such as 'de 612 a 1510 - lado par'); often empty. */
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** A geocoded point (docs/api.md). */
export interface GeocodeResult {
  lat: number;
  lng: number;
}

/** Reverse geocoding: the address at a point; `number` is the house number when known. */
export interface ReverseAddress {
  zipcode: string;
  address: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

// ── Answers as JSON Schema (the address routes' `response`: description and serializer) ─────────
const exactTexts = <K extends string>(keys: readonly K[], description: string) => ({
  type: 'object',
  additionalProperties: false,
  required: keys,
  properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])) as Record<K, { type: 'string' }>,
  description,
});

const CEP_ADDRESS_KEYS = ['zipcode', 'address', 'complement', 'neighborhood', 'city', 'state'] as const satisfies readonly (keyof CepAddress)[];
const REVERSE_ADDRESS_KEYS = ['zipcode', 'address', 'number', 'neighborhood', 'city', 'state'] as const satisfies readonly (keyof ReverseAddress)[];

export const ADDRESS_ANSWERS = {
  cep: { 200: exactTexts(CEP_ADDRESS_KEYS, 'O endereço do CEP.') },
  geocode: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['lat', 'lng'],
      properties: { lat: { type: 'number' }, lng: { type: 'number' } },
      description: 'As coordenadas do endereço.',
    },
  },
  reverse: { 200: exactTexts(REVERSE_ADDRESS_KEYS, 'O endereço no ponto.') },
} as const;
