/**
 * The location group of a form (docs/rules/validation.md: zipcode, address, number, neighborhood, city, state,
 * latitude, longitude; the occurrence adds complement) and the pure helpers the look-up hook
 * (useAddressLookup.ts) reads it with.
 */
import type { FieldValues, Path } from 'react-hook-form';
import { isValidLatitude, isValidLongitude, parseDecimal } from '../../domain/validators/numbers';

/** The names of the form's location fields; the optional ones are filled only when given. */
export interface LocationFields<T extends FieldValues> {
  zipcode: Path<T>;
  address: Path<T>;
  number?: Path<T>;
  complement?: Path<T>;
  neighborhood: Path<T>;
  city: Path<T>;
  state: Path<T>;
  latitude?: Path<T>;
  longitude?: Path<T>;
}

/** A form value as text ('' for empty), whatever the input stores. */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** The CEP's 8 digits, or null while it is incomplete (or too long). */
export function cepDigits(value: unknown): string | null {
  const digits = textOf(value).replace(/\D/g, '');
  return digits.length === 8 ? digits : null;
}

/** What geocoding is asked: 'street, number, city - UF', without the parts still empty. */
export function geocodeQuery(parts: { address: string; number: string; city: string; state: string }): string | null {
  if (!parts.address) return null;
  const street = [parts.address, parts.number].filter(Boolean).join(', ');
  const place = [parts.city, parts.state].filter(Boolean).join(' - ');
  return [street, place].filter(Boolean).join(', ');
}

/** A valid pair of coordinates typed in the form (comma or dot decimals), else null. */
export function coordinatesOf(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  const [la, lo] = [parseDecimal(textOf(lat)), parseDecimal(textOf(lng))];
  if (la === null || lo === null || !isValidLatitude(la) || !isValidLongitude(lo)) return null;
  return { lat: la, lng: lo };
}

/** Coordinates as the form shows them: a dot decimal with at most six places (0.1 m). */
export const coordinateText = (n: number): string => String(Math.round(n * 1e6) / 1e6);
