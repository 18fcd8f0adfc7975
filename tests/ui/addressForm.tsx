/**
 * A small react-hook-form location group using useAddressLookup, rendered with the real data
 * provider and toasts over a given http client: what the address look-up tests type into. Not a
 * product screen (the mission and proposal forms build their own).
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { useForm } from 'react-hook-form';
import { useAddressLookup, type LocationFields } from '../../src/layout/address/useAddressLookup';
import { UseMyLocationButton } from '../../src/layout/address/UseMyLocationButton';
import { createDataProvider } from '../../src/dataProvider';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { Toaster } from '../../src/layout/Toaster';

export interface LocationValues {
  zipcode: string;
  address: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: string;
  longitude: string;
}

const LABELS: Record<keyof LocationValues, string> = {
  zipcode: 'CEP',
  address: 'Endereço',
  number: 'Número',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  latitude: 'Latitude',
  longitude: 'Longitude',
};

const EMPTY: LocationValues = { zipcode: '', address: '', number: '', neighborhood: '', city: '', state: '', latitude: '', longitude: '' };

const FIELDS: LocationFields<LocationValues> = {
  zipcode: 'zipcode',
  address: 'address',
  number: 'number',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
  latitude: 'latitude',
  longitude: 'longitude',
};

function LocationForm({ cepLookup }: { cepLookup: 'typing' | 'blur' }) {
  const form = useForm<LocationValues>({ defaultValues: EMPTY });
  const lookup = useAddressLookup({ form, cepLookup, fields: FIELDS });
  const onBlur: Partial<Record<keyof LocationValues, () => void>> = {
    zipcode: lookup.onZipcodeBlur,
    address: lookup.onAddressBlur,
    number: lookup.onAddressBlur,
    latitude: lookup.onCoordinatesBlur,
    longitude: lookup.onCoordinatesBlur,
  };
  return (
    <form aria-busy={lookup.busy}>
      {(Object.keys(LABELS) as (keyof LocationValues)[]).map((name) => (
        <label key={name}>
          {LABELS[name]}
          <input {...form.register(name, { onBlur: onBlur[name] })} />
        </label>
      ))}
      <UseMyLocationButton onLocate={lookup.fromDevice} />
    </form>
  );
}

export function renderLocationForm(httpClient: HttpClient, cepLookup: 'typing' | 'blur' = 'typing') {
  const dataProvider = createDataProvider({ httpClient, endpoints: {} });
  const queryClient = new QueryClient();
  render(
    <CoreAdminContext dataProvider={dataProvider} queryClient={queryClient}>
      <LocationForm cepLookup={cepLookup} />
      <Toaster />
    </CoreAdminContext>,
  );
  return { user: userEvent.setup() };
}
