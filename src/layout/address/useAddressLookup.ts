/**
 * Address look-ups for a react-hook-form location group (docs/rules/validation.md: New mission, Proposal form,
 * Occurrence):
 *
 * - CEP: on the 8th digit typed (`cepLookup: 'typing'`, New mission and Occurrence) or when the CEP
 *   field is left (`'blur'`, Proposal form) the street, neighbourhood, city and state are filled;
 *   then, when the form has coordinates, the address is geocoded to fill them.
 * - Leaving the address (street or number) geocodes it to latitude/longitude, unless the person
 *   typed the coordinates: those are theirs, never overwritten, and nothing is missing to warn about.
 * - Leaving the coordinates reverse-geocodes them to the address fields.
 * - Nothing found: the product's warning toast, 'Endereço não encontrado' or 'Não foi possível encontrar
 *   as coordenadas' (docs/rules/messages.md). The service unreachable (the proxy's 503, or no answer at
 * all): that
 *   it is unavailable and the fields may be typed by hand, which they always may.
 *
 * A newer look-up aborts the older one of its kind, and an answer is applied only while the input
 * it was asked for is still what the form holds, so a late answer never overwrites newer typing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'ra-core';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { ADDRESS_LOOKUP_TEXTS, COORDINATES_LOOKUP_TEXTS, type LookupTexts } from '../../domain/address';
import { maskCep } from '../../domain/masks';
import type { AppDataProvider } from '../../dataProvider';
import { HttpError } from '../../dataProvider/HttpError';
import { notify } from '../notify';
import { cepDigits, coordinatesOf, coordinateText, geocodeQuery, textOf, type LocationFields } from './locationFields';
import { devicePosition, type DevicePoint } from './devicePosition';

export type { LocationFields };

export interface AddressLookupOptions<T extends FieldValues> {
  form: Pick<UseFormReturn<T>, 'getValues' | 'setValue' | 'watch'>;
  /** A constant (module level or useMemo): a new object on every render resubscribes the CEP watch each time. */
  fields: LocationFields<T>;
  /** When the CEP is looked up: as its 8th digit is typed (default) or when its field is left. */
  cepLookup?: 'typing' | 'blur';
}

export interface AddressLookup {
  /** Attach to the CEP input's onBlur (looks up in 'blur' mode; a no-op when nothing changed). */
  onZipcodeBlur: () => void;
  /** Attach to the street and number inputs' onBlur: geocodes the address to the coordinates. */
  onAddressBlur: () => void;
  /** Attach to the latitude and longitude inputs' onBlur: reverse-geocodes them to the address. */
  onCoordinatesBlur: () => void;
  /**
   * 'Usar minha localização': the phone's position into the coordinates, then its address into the
   * address fields; resolves the point, or null (the reason already said in a toast).
   */
  fromDevice: () => Promise<DevicePoint | null>;
  /** True while a look-up is under way. */
  busy: boolean;
}

type Kind = 'address' | 'coordinates';

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/**
 * The toast of a failed look-up: the server's words for a refusal it explains (429); the service
 * unavailable when the proxy says so (503) or nothing answered (0, other 5xx); else not found.
 */
function warn(error: unknown, texts: LookupTexts) {
  if (error instanceof HttpError && error.status === 429) return void notify.warning(error.message);
  const unreachable = error instanceof HttpError && (error.status === 0 || error.status >= 500);
  notify.warning(unreachable ? texts.unavailable : texts.notFound);
}

export function useAddressLookup<T extends FieldValues>({ form, fields, cepLookup = 'typing' }: AddressLookupOptions<T>): AddressLookup {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [pending, setPending] = useState(0);
  // One controller per kind of answer: the address fields (CEP, reverse) and the coordinates (geocode).
  const controllers = useRef<Partial<Record<Kind, AbortController>>>({});
  // The input each kind last asked for or filled, so a blur without a change asks nothing.
  const last = useRef({ cep: '', query: '', point: '' });
  // Coordinates typed by the person (not filled by a look-up or the map's pin), until both are emptied.
  const typedPoint = useRef(false);

  const { getValues, setValue, watch } = form;
  const text = useCallback((name: Path<T> | undefined) => (name ? textOf(getValues(name)) : ''), [getValues]);
  const fill = useCallback(
    (name: Path<T> | undefined, value: string) => {
      if (name) setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
    },
    [setValue],
  );

  /** Runs `call` as the newest look-up of `kind`; resolves undefined when it was superseded or aborted. */
  const run = useCallback(async <R>(kind: Kind, call: (signal: AbortSignal) => Promise<R>, onFail: (error: unknown) => void) => {
    controllers.current[kind]?.abort();
    const controller = new AbortController();
    controllers.current[kind] = controller;
    setPending((n) => n + 1);
    try {
      const answer = await call(controller.signal);
      return controllers.current[kind] === controller ? answer : undefined;
    } catch (error) {
      if (!isAbort(error) && controllers.current[kind] === controller) onFail(error);
      return undefined;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const currentQuery = useCallback(
    () => geocodeQuery({ address: text(fields.address), number: text(fields.number), city: text(fields.city), state: text(fields.state) }),
    [fields, text],
  );

  const geocodeAddress = useCallback(async () => {
    if (!fields.latitude || !fields.longitude || typedPoint.current) return;
    const query = currentQuery();
    if (!query || query === last.current.query) return;
    last.current.query = query;
    const found = await run('coordinates', (signal) => dataProvider.geocode(query, { signal }), (e) => warn(e, COORDINATES_LOOKUP_TEXTS));
    if (found === undefined || currentQuery() !== query) return;
    if (found === null) return void notify.warning(COORDINATES_LOOKUP_TEXTS.notFound);
    const [lat, lng] = [coordinateText(found.lat), coordinateText(found.lng)];
    last.current.point = `${lat},${lng}`;
    fill(fields.latitude, lat);
    fill(fields.longitude, lng);
  }, [currentQuery, dataProvider, fields, fill, run]);

  const lookupCep = useCallback(
    async (cep: string) => {
      last.current.cep = cep;
      const found = await run('address', (signal) => dataProvider.lookupCep(cep, { signal }), (e) => warn(e, ADDRESS_LOOKUP_TEXTS));
      if (found === undefined || cepDigits(getValues(fields.zipcode)) !== cep) return;
      if (found === null) return void notify.warning(ADDRESS_LOOKUP_TEXTS.notFound);
      fill(fields.address, found.address);
      fill(fields.neighborhood, found.neighborhood);
      fill(fields.city, found.city);
      fill(fields.state, found.state);
      if (found.complement && !text(fields.complement)) fill(fields.complement, found.complement);
      await geocodeAddress();
    },
    [dataProvider, fields, fill, geocodeAddress, getValues, run, text],
  );

  const reverseGeocode = useCallback(async () => {
    if (!fields.latitude || !fields.longitude) return;
    const point = coordinatesOf(getValues(fields.latitude), getValues(fields.longitude));
    const key = point && `${coordinateText(point.lat)},${coordinateText(point.lng)}`;
    if (!point || key === last.current.point) return;
    last.current.point = key ?? '';
    const found = await run('address', (signal) => dataProvider.reverseGeocode(point.lat, point.lng, { signal }), (e) => warn(e, ADDRESS_LOOKUP_TEXTS));
    const now = coordinatesOf(getValues(fields.latitude), getValues(fields.longitude));
    if (found === undefined || !now || now.lat !== point.lat || now.lng !== point.lng) return;
    if (found === null) return void notify.warning(ADDRESS_LOOKUP_TEXTS.notFound);
    if (found.zipcode) {
      last.current.cep = found.zipcode;
      fill(fields.zipcode, maskCep(found.zipcode));
    }
    fill(fields.address, found.address);
    if (found.number) fill(fields.number, found.number);
    fill(fields.neighborhood, found.neighborhood);
    fill(fields.city, found.city);
    fill(fields.state, found.state);
    last.current.query = currentQuery() ?? '';
  }, [currentQuery, dataProvider, fields, fill, getValues, run]);

  // Typing mode: a person's change (not a fill) that completes the 8 digits looks the CEP up.
  useEffect(() => {
    if (cepLookup !== 'typing') return undefined;
    const subscription = watch((_values, { name, type }) => {
      if (name !== fields.zipcode || type !== 'change') return;
      const cep = cepDigits(getValues(fields.zipcode));
      if (cep && cep !== last.current.cep) void lookupCep(cep);
      if (!cep) last.current.cep = '';
    });
    return () => subscription.unsubscribe();
  }, [cepLookup, fields.zipcode, getValues, lookupCep, watch]);

  useEffect(() => {
    const { latitude, longitude } = fields;
    if (!latitude || !longitude) return undefined;
    const subscription = watch((_values, { name, type }) => {
      if (type !== 'change' || (name !== latitude && name !== longitude)) return;
      typedPoint.current = text(latitude) !== '' || text(longitude) !== '';
    });
    return () => subscription.unsubscribe();
  }, [fields, text, watch]);

  const fromDevice = useCallback(async (): Promise<DevicePoint | null> => {
    if (!fields.latitude || !fields.longitude) return null;
    setPending((n) => n + 1);
    try {
      const point = await devicePosition();
      // The phone's fix is no typing: the address may be looked up from it and geocoded again later.
      typedPoint.current = false;
      fill(fields.latitude, coordinateText(point.lat));
      fill(fields.longitude, coordinateText(point.lng));
      await reverseGeocode();
      return point;
    } catch (error) {
      notify.warning((error as Error).message);
      return null;
    } finally {
      setPending((n) => n - 1);
    }
  }, [fields, fill, reverseGeocode]);

  // Whatever is under way is dropped with the form.
  useEffect(() => () => Object.values(controllers.current).forEach((c) => c.abort()), []);

  return {
    onZipcodeBlur: useCallback(() => {
      const cep = cepDigits(getValues(fields.zipcode));
      if (cepLookup === 'blur' && cep && cep !== last.current.cep) void lookupCep(cep);
    }, [cepLookup, fields.zipcode, getValues, lookupCep]),
    onAddressBlur: useCallback(() => void geocodeAddress(), [geocodeAddress]),
    onCoordinatesBlur: useCallback(() => void reverseGeocode(), [reverseGeocode]),
    fromDevice,
    busy: pending > 0,
  };
}
