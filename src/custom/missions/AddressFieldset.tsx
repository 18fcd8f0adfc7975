/**
 * The address group of the new-mission and proposal forms (spec 3: location {zipcode, address,
 * number, neighborhood, city, state, latitude, longitude}), with an optional map pin picker.
 *
 * Address look-ups plug in here: `onZipcodeComplete` fires when the CEP reaches 8 digits and
 * `onCoordinatesLeft` when the person leaves a coordinate with both filled (spec 5: CEP look-up,
 * reverse geocoding). Each gets `fill`, which writes what a look-up found into the form, so the
 * forms only pass the address helper's useAddressLookup calls to them.
 */
import Place from '@mui/icons-material/Place';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { maskCep, unmaskCep } from '../../domain/masks';
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
export type FillLocation = (found: Partial<LocationInput>) => void;

export interface AddressFieldsetProps {
  /** Label of `location.number`: the mission's complement or the proposal's number (spec 5). */
  numberLabel: string;
  pinPicker?: boolean;
  onZipcodeComplete?: (cep: string, fill: FillLocation) => void;
  onCoordinatesLeft?: (position: LatLng, fill: FillLocation) => void;
}

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Six decimals: about 10 cm, more than a pin click means. */
const coordinateText = (n: number) => n.toFixed(6);

export function AddressFieldset({ numberLabel, pinPicker, onZipcodeComplete, onCoordinatesLeft }: AddressFieldsetProps) {
  const { control, setValue } = useFormContext<{ location: LocationInput }>();
  const [latitude, longitude] = useWatch({ control, name: ['location.latitude', 'location.longitude'] });
  const position = parseLatLng(latitude, longitude);
  const [mapOpen, setMapOpen] = useState(false);

  const fill: FillLocation = (found) => {
    for (const [key, value] of Object.entries(found) as [keyof LocationInput, string | undefined][]) {
      if (value !== undefined) setValue(`location.${key}`, value, { shouldValidate: true, shouldDirty: true });
    }
  };
  const leaveCoordinate = () => {
    if (position) onCoordinatesLeft?.(position, fill);
  };
  const pick = ([lat, lng]: LatLng) => {
    fill({ latitude: coordinateText(lat), longitude: coordinateText(lng) });
    onCoordinatesLeft?.([lat, lng], fill);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        Endereço
      </Typography>
      <Box sx={grid}>
        <FormText
          name="location.zipcode"
          label="CEP"
          mask={maskCep}
          inputMode="numeric"
          onValue={(text) => {
            const cep = unmaskCep(text);
            if (cep.length === 8) onZipcodeComplete?.(cep, fill);
          }}
        />
        <FormText name="location.address" label="Endereço" />
        <FormText name="location.number" label={numberLabel} />
        <FormText name="location.neighborhood" label="Bairro" />
        <FormText name="location.city" label="Cidade" />
        <FormText name="location.state" label="Estado" />
        <FormText name="location.latitude" label="Latitude" inputMode="decimal" onLeave={leaveCoordinate} />
        <FormText name="location.longitude" label="Longitude" inputMode="decimal" onLeave={leaveCoordinate} />
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
