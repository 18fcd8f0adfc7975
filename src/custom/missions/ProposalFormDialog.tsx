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
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { maskHhmm } from '../../domain/masks';
import { PROPOSAL_LAUNCHED, type MissionRow } from '../../domain/missions';
import { proposedArrival } from '../../domain/missions/etaEstimate';
import type { DevicePoint } from '../address/devicePosition';
import { proposalFormSchema, type ProposalFormValues } from '../../domain/schemas';
import { AddressFieldset, EMPTY_LOCATION, type LocationInput } from './AddressFieldset';
import { FormText } from './FormText';
import { MissionDialog } from './MissionDialog';
import { useMissionFormSubmission } from './useMissionFormSubmission';
import { missionReference } from './rowActionLabels';

export const PROPOSAL_FORM_TITLE = 'Enviar proposta';

interface ProposalInput {
  eta: { time: string; distanceInKm: string };
  location: LocationInput;
}

const EMPTY: ProposalInput = { eta: { time: '', distanceInKm: '' }, location: EMPTY_LOCATION };

// Form text in, the schema's numbers and bare CEP out (see NewMissionDialog).
const resolver = yupResolver(proposalFormSchema) as unknown as Resolver<ProposalInput, unknown, ProposalFormValues>;

export function ProposalFormDialog({ row, onClose }: { row: MissionRow; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const form = useForm<ProposalInput, unknown, ProposalFormValues>({ defaultValues: EMPTY, resolver });
  const [idempotencyKey] = useState(newIdempotencyKey);
  const own = row.ownProposal;
  const submission = useMissionFormSubmission(
    form,
    (values) =>
      own
        ? dataProvider.updateProposal(own._id, values, { idempotencyKey })
        : dataProvider.createProposal({ missionRequest: row._id, status: 'completed', ...values }, { idempotencyKey }),
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
