/**
 * The address services' shared vocabulary (docs/api.md, docs/rules/messages.md): what the server's
 * /api/address proxy answers, the texts both sides show, and the
 * input limits the server enforces. Pure TS, used by the proxy and by the browser's look-up hook.
 */
import { defineContract } from './contract';
import type { FromSchema } from './fromSchema';
import { exactObject, number, text } from './jsonSchemaParts';
import { NO_CONTROL_CHARACTERS_PATTERN } from './validators/text';

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

// ── Contracts (src/domain/contract.ts): the proxy's routes (server/address/handlers.ts) and the data
// provider's calls (src/dataProvider/addressApi.ts) are made from them ────────────────────────────
const exactTexts = <const K extends string>(keys: readonly K[], description: string) =>
  exactObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>, { description });

/** A CEP look-up, in the location field names of docs/api.md (zipcode is 8 digits, state the UF; complement is ViaCEP's, often empty). */
const cepAddressSchema = exactTexts(['zipcode', 'address', 'complement', 'neighborhood', 'city', 'state'], 'O endereço do CEP.');
/** A geocoded point (docs/api.md). */
const geocodeSchema = exactObject({ lat: number, lng: number }, { description: 'As coordenadas do endereço.' });
/** Reverse geocoding: the address at a point; `number` is the house number when known. */
const reverseAddressSchema = exactTexts(['zipcode', 'address', 'number', 'neighborhood', 'city', 'state'], 'O endereço no ponto.');

export type CepAddress = FromSchema<typeof cepAddressSchema>;
export type GeocodeResult = FromSchema<typeof geocodeSchema>;
export type ReverseAddress = FromSchema<typeof reverseAddressSchema>;

// Coordinates arrive as text and are read by the shared validators (comma or dot, docs/rules/validation.md).
const coordinateText = { type: 'string', minLength: 1, maxLength: 32, pattern: NO_CONTROL_CHARACTERS_PATTERN } as const;

export const ADDRESS_CONTRACTS = {
  cep: defineContract({
    method: 'GET',
    base: 'address',
    path: ':cep/json',
    summary: 'Endereço de um CEP',
    // Any text: the handler answers a malformed CEP with the shared validator's message.
    params: { type: 'object', required: ['cep'], properties: { cep: text } },
    responses: { 200: cepAddressSchema },
  }),
  geocode: defineContract({
    method: 'GET',
    base: 'address',
    path: 'geocode',
    summary: 'Coordenadas de um endereço',
    query: {
      type: 'object',
      required: ['address'],
      properties: { address: { type: 'string', minLength: 1, maxLength: MAX_GEOCODE_QUERY, pattern: NO_CONTROL_CHARACTERS_PATTERN } },
    },
    responses: { 200: geocodeSchema },
  }),
  reverse: defineContract({
    method: 'GET',
    base: 'address',
    path: 'reverse',
    summary: 'Endereço de umas coordenadas',
    query: { type: 'object', required: ['lat', 'lng'], properties: { lat: coordinateText, lng: coordinateText } },
    responses: { 200: reverseAddressSchema },
  }),
};
