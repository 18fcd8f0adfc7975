/**
 * The address services' shared vocabulary (spec 3 "Geocode result", 7 "Storage, themes, address",
 * 8 "Address"): what the server's /api/address proxy answers, the texts both sides show, and the
 * input limits the server enforces. Pure TS, used by the proxy and by the browser's look-up hook.
 */

/** Spec 8: the warning toast when a CEP or a pair of coordinates has no address. */
export const ADDRESS_NOT_FOUND = 'Endereço não encontrado';
/** Spec 8: an address that geocoding could not place. */
export const COORDINATES_NOT_FOUND = 'Não foi possível encontrar as coordenadas';

/** Longest free-text address sent to geocoding (ours: a full Brazilian address fits in far less). */
export const MAX_GEOCODE_QUERY = 300;

/** A CEP look-up, in the location field names of spec 3 (zipcode is 8 digits, state the UF). */
export interface CepAddress {
  zipcode: string;
  address: string;
  /** ViaCEP's `complemento` (a range such as 'de 612 a 1510 - lado par'); often empty. */
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** Spec 3 "Geocode result". */
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
