import { OCCURRENCE_TYPE_LABELS, type Occurrence } from '../../domain/missionDetails';
import { maskCep } from '../../domain/masks';
import { occurrenceSchema, type OccurrenceValues } from '../../domain/schemas/missionDetails';
import { useAddressLookup } from '../../layout/address/useAddressLookup';
import { UseMyLocationButton } from '../../layout/address/UseMyLocationButton';
import { DateTimeField, FormDialog, FormField } from './FormDialog';
import type { UseFormReturn } from 'react-hook-form';

interface Props {
  initial: Occurrence | null;
  /** A new occurrence's values to start from: one the server refused, taken back to be edited (docs/rules/field-app.md). */
  draft?: Record<string, unknown>;
  onSubmit: (values: OccurrenceValues) => Promise<boolean>;
  onClose: () => void;
}

/** Occurrence (docs/rules/validation.md): CEP looked up at its 8th digit, the address geocoded on blur, coordinates within bounds. */
export function OccurrenceForm({ initial, draft, onSubmit, onClose }: Props) {
  return (
    <FormDialog<OccurrenceValues>
      title={initial ? 'Editar ocorrência' : 'Adicionar ocorrência'}
      schema={occurrenceSchema}
      defaultValues={{
        date: initial?.date ?? '',
        type: initial?.type,
        description: initial?.description ?? '',
        zipcode: initial?.zipcode ? maskCep(initial.zipcode) : '',
        address: initial?.address ?? '',
        number: initial?.number ?? '',
        complement: initial?.complement ?? '',
        neighborhood: initial?.neighborhood ?? '',
        city: initial?.city ?? '',
        state: initial?.state ?? '',
        latitude: initial?.latitude ?? null,
        longitude: initial?.longitude ?? null,
        ...draft,
      }}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {(form) => <OccurrenceFields form={form} />}
    </FormDialog>
  );
}

function OccurrenceFields({ form }: { form: UseFormReturn<OccurrenceValues> }) {
  const { control } = form;
  const lookup = useAddressLookup<OccurrenceValues>({
    form,
    fields: {
      zipcode: 'zipcode',
      address: 'address',
      number: 'number',
      complement: 'complement',
      neighborhood: 'neighborhood',
      city: 'city',
      state: 'state',
      latitude: 'latitude',
      longitude: 'longitude',
    },
  });
  return (
    <>
      <DateTimeField control={control} name="date" label="Data da ocorrência" />
      <FormField control={control} name="type" label="Tipo" options={OCCURRENCE_TYPE_LABELS} required />
      <FormField control={control} name="description" label="Descrição" multiline minRows={2} required />
      <UseMyLocationButton onLocate={lookup.fromDevice} />
      <FormField control={control} name="zipcode" label="CEP" onBlurValue={maskCep} onBlur={lookup.onZipcodeBlur} />
      <FormField control={control} name="address" label="Endereço" onBlur={lookup.onAddressBlur} />
      <FormField control={control} name="number" label="Número" onBlur={lookup.onAddressBlur} />
      <FormField control={control} name="complement" label="Complemento" />
      <FormField control={control} name="neighborhood" label="Bairro" />
      <FormField control={control} name="city" label="Cidade" required />
      <FormField control={control} name="state" label="Estado" required />
      <FormField control={control} name="latitude" label="Latitude" onBlur={lookup.onCoordinatesBlur} />
      <FormField control={control} name="longitude" label="Longitude" onBlur={lookup.onCoordinatesBlur} />
    </>
  );
}
