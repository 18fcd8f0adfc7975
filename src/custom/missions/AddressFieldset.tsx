/**
 * The address group of the new-mission and proposal forms (docs/rules/missions.md: location {zipcode, address,
 * number, neighborhood, city, state, latitude, longitude}), with an optional map pin picker.
 *
 * Address look-ups (docs/rules/validation.md) through useAddressLookup: the CEP is looked up on its 8th
 * digit (New
 * mission) or when its field is left (Proposal form); leaving the street or number geocodes it to
 * the coordinates; leaving the coordinates, or placing the pin, reverse-geocodes them.
 */
import Place from '@mui/icons-material/Place';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { maskCep } from '../../domain/masks';
import { useAddressLookup, type LocationFields } from '../../layout/address/useAddressLookup';
import type { DevicePoint } from '../../layout/address/devicePosition';
import { UseMyLocationButton } from '../../layout/address/UseMyLocationButton';
import { FormText } from './FormText';
import { LazyMap } from './LazyMap';
import { DEFAULT_CENTER, parseLatLng, type LatLng } from './mapConfig';

/** The location as the form holds it: text as typed. */
export interface LocationInput {
  zipcode: string;
  address: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: string;
  longitude: string;
}

export const EMPTY_LOCATION: LocationInput = {
  zipcode: '',
  address: '',
  number: '',
  neighborhood: '',
  city: '',
  state: '',
  latitude: '',
  longitude: '',
};

/** Writes the found parts of an address into the form (validated, as if typed). */
type FillLocation = (found: Partial<LocationInput>) => void;

type LocationForm = { location: LocationInput };
/**
 * The mission's `number` is its complement (docs/rules/validation.md: 'Preencha o complemento'): a gate
 * or a block
 * is no house number, so it takes no part in geocoding there; the proposal's `number` does.
 */
const COMPLEMENT_FIELDS: LocationFields<LocationForm> = {
  zipcode: 'location.zipcode',
  address: 'location.address',
  neighborhood: 'location.neighborhood',
  city: 'location.city',
  state: 'location.state',
  latitude: 'location.latitude',
  longitude: 'location.longitude',
};
const NUMBER_FIELDS: LocationFields<LocationForm> = { ...COMPLEMENT_FIELDS, number: 'location.number' };

export interface AddressFieldsetProps {
  /** Label of `location.number`: the mission's complement or the proposal's number (docs/rules/validation.md). */
  numberLabel: string;
  /** `location.number` holds a complement, not a house number (the mission's address). */
  numberIsComplement?: boolean;
  pinPicker?: boolean;
  /** When the CEP is looked up: on its 8th digit (New mission) or when left (Proposal form, docs/rules/validation.md). */
  cepLookup?: 'typing' | 'blur';
  /** Offers 'Usar minha localização' (the team's forms, docs/rules/field-app.md); called with the phone's point once filled. */
  onDeviceLocated?: (point: DevicePoint) => void;
}

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Six decimals: about 10 cm, more than a pin click means. */
const coordinateText = (n: number) => n.toFixed(6);

export function AddressFieldset({ numberLabel, numberIsComplement, pinPicker, cepLookup = 'typing', onDeviceLocated }: AddressFieldsetProps) {
  const form = useFormContext<LocationForm>();
  const { control, setValue } = form;
  const lookup = useAddressLookup({ form, fields: numberIsComplement ? COMPLEMENT_FIELDS : NUMBER_FIELDS, cepLookup });
  const [latitude, longitude] = useWatch({ control, name: ['location.latitude', 'location.longitude'] });
  const position = parseLatLng(latitude, longitude);
  const [mapOpen, setMapOpen] = useState(false);

  const fill: FillLocation = (found) => {
    for (const [key, value] of Object.entries(found) as [keyof LocationInput, string | undefined][]) {
      if (value !== undefined) setValue(`location.${key}`, value, { shouldValidate: true, shouldDirty: true });
    }
  };
  const pick = ([lat, lng]: LatLng) => {
    fill({ latitude: coordinateText(lat), longitude: coordinateText(lng) });
    lookup.onCoordinatesBlur();
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        Endereço
      </Typography>
      {onDeviceLocated && (
        <Box sx={{ mb: 1.5 }}>
          <UseMyLocationButton
            onLocate={async () => {
              const point = await lookup.fromDevice();
              if (point) onDeviceLocated(point);
            }}
          />
        </Box>
      )}
      <Box sx={grid}>
        <FormText
          name="location.zipcode"
          label="CEP"
          mask={maskCep}
          inputMode="numeric"
          onLeave={lookup.onZipcodeBlur}
        />
        <FormText name="location.address" label="Endereço" onLeave={lookup.onAddressBlur} />
        <FormText name="location.number" label={numberLabel} onLeave={numberIsComplement ? undefined : lookup.onAddressBlur} />
        <FormText name="location.neighborhood" label="Bairro" />
        <FormText name="location.city" label="Cidade" />
        <FormText name="location.state" label="Estado" />
        <FormText name="location.latitude" label="Latitude" inputMode="decimal" onLeave={lookup.onCoordinatesBlur} />
        <FormText name="location.longitude" label="Longitude" inputMode="decimal" onLeave={lookup.onCoordinatesBlur} />
      </Box>
      {pinPicker && (
        <Box sx={{ mt: 1.5 }}>
          <Button startIcon={<Place />} onClick={() => setMapOpen((open) => !open)}>
            {mapOpen ? 'Ocultar mapa' : 'Marcar no mapa'}
          </Button>
          {mapOpen && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2" sx={{ mb: 1 }}>
                Clique no mapa para marcar o local da missão.
              </Typography>
              <LazyMap
                center={position ?? DEFAULT_CENTER}
                height={300}
                onPick={pick}
                pins={position ? [{ key: 'pin', position, info: 'Local da missão' }] : []}
              />
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
