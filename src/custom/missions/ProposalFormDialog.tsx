/**
 * The proposal form (docs/rules/validation.md, all required): time to arrival (HH:mm), distance in km
 * and where the
 * agent is. Sends a completed proposal, updating the provider's own one when it exists
 * (docs/rules/competition.md);
 * 'Proposta lançada' on success. 'Usar minha localização' fills the address from the phone and
 * proposes the distance and time from there (docs/rules/field-app.md).
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Box, Button } from '@mui/material';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { maskCep, maskHhmm } from '../../domain/masks';
import { PROPOSAL_LAUNCHED, type MissionRow } from '../../domain/missions';
import { proposedArrival } from '../../domain/missions/etaEstimate';
import type { DevicePoint } from '../address/devicePosition';
import { proposalFormSchema, type ProposalFormValues } from '../../domain/schemas';
import { AddressFieldset, EMPTY_LOCATION, type LocationInput } from './AddressFieldset';
import { FormText } from './FormText';
import { MissionDialog } from './MissionDialog';
import { useMissionFormSubmission } from './useMissionFormSubmission';
import { missionReference } from './rowActionLabels';
import { useOutboxSubmit } from '../../layout/OutboxProvider';

export const PROPOSAL_FORM_TITLE = 'Enviar proposta';

interface ProposalInput {
  eta: { time: string; distanceInKm: string };
  location: LocationInput;
}

const EMPTY: ProposalInput = { eta: { time: '', distanceInKm: '' }, location: EMPTY_LOCATION };

const asText = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A proposal taken back from the device's outbox, as the form's text. */
function draftInput({ eta, location }: ProposalFormValues): ProposalInput {
  return {
    eta: { time: eta.time, distanceInKm: asText(eta.distanceInKm) },
    location: {
      zipcode: maskCep(asText(location.zipcode)),
      address: asText(location.address),
      number: asText(location.number),
      neighborhood: asText(location.neighborhood),
      city: asText(location.city),
      state: asText(location.state),
      latitude: asText(location.latitude),
      longitude: asText(location.longitude),
    },
  };
}

// Form text in, the schema's numbers and bare CEP out (see NewMissionDialog).
const resolver = yupResolver(proposalFormSchema) as unknown as Resolver<ProposalInput, unknown, ProposalFormValues>;

/** `draft`: a proposal the server refused during a replay, to be edited and sent again (docs/rules/field-app.md). */
export function ProposalFormDialog({ row, draft, onClose }: { row: MissionRow; draft?: ProposalFormValues; onClose: () => void }) {
  const form = useForm<ProposalInput, unknown, ProposalFormValues>({ defaultValues: draft ? draftInput(draft) : EMPTY, resolver });
  const submit = useOutboxSubmit();
  const own = row.ownProposal;
  // Without signal the proposal waits on the device, with its own Idempotency-Key (docs/rules/field-app.md).
  const submission = useMissionFormSubmission(
    form,
    (values) => submit({ kind: 'proposal', missionId: row._id, reference: missionReference(row), proposalId: own?._id ?? null, values }),
    PROPOSAL_LAUNCHED,
    onClose,
  );

  // From the team's position: the distance and time to the mission proposed where still empty (docs/rules/field-app.md).
  const proposeArrival = (point: DevicePoint) => {
    const { latitude, longitude } = row.location;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    const proposed = proposedArrival(point, { lat: latitude, lng: longitude });
    const options = { shouldValidate: true, shouldDirty: true };
    if (!form.getValues('eta.distanceInKm').trim()) form.setValue('eta.distanceInKm', proposed.distanceInKm, options);
    if (proposed.time && !form.getValues('eta.time').trim()) form.setValue('eta.time', proposed.time, options);
  };

  return (
    <FormProvider {...form}>
      <MissionDialog
        title={`${PROPOSAL_FORM_TITLE} — Missão ${missionReference(row)}`}
        onClose={submission.pending ? undefined : onClose}
        onSubmit={submission.onSubmit}
        actions={
          <>
            <Button onClick={onClose} disabled={submission.pending}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" loading={submission.pending}>
              Confirmar
            </Button>
          </>
        }
      >
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
          <FormText name="eta.time" label="Prazo de chegada (hh:mm)" mask={maskHhmm} inputMode="numeric" />
          <FormText name="eta.distanceInKm" label="Previsão em KM" inputMode="decimal" />
        </Box>
        <AddressFieldset numberLabel="Número" pinPicker cepLookup="blur" onDeviceLocated={proposeArrival} />
      </MissionDialog>
    </FormProvider>
  );
}
