/**
 * The proposal form (docs/rules/validation.md, all required): time to arrival (HH:mm), distance in km
 * and where the
 * agent is. Sends a completed proposal, updating the provider's own one when it exists
 * (docs/rules/competition.md);
 * 'Proposta lançada' on success.
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
        <AddressFieldset numberLabel="Número" pinPicker cepLookup="blur" />
      </MissionDialog>
    </FormProvider>
  );
}
