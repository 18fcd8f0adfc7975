/**
 * The proposal form (spec 5, all required): time to arrival (HH:mm), distance in km and where the
 * agent is. Sends a completed proposal, updating the provider's own one when it exists (spec 4);
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
import { notify } from '../../layout/notify';
import { describeSaveError } from '../../resources/framework/saveErrors';
import { AddressFieldset, EMPTY_LOCATION, type LocationInput } from './AddressFieldset';
import { FormText } from './FormText';
import { MissionDialog } from './MissionDialog';
import { useMissionMutation } from './useMissionMutation';

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
  const send = useMissionMutation(
    (values: ProposalFormValues) =>
      own
        ? dataProvider.updateProposal(own._id, values, { idempotencyKey })
        : dataProvider.createProposal({ missionRequest: row._id, status: 'completed', ...values }, { idempotencyKey }),
    onClose,
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ vars: values, texts: { success: PROPOSAL_LAUNCHED } });
    } catch (error) {
      const view = describeSaveError(error);
      for (const issue of view.fieldErrors) form.setError(issue.path as keyof ProposalInput, { message: issue.message });
      notify.error(view.toast);
    }
  });

  return (
    <FormProvider {...form}>
      <MissionDialog
        title={`${PROPOSAL_FORM_TITLE} — Missão ${row.processNumber ?? row._id}`}
        onClose={send.isPending ? undefined : onClose}
        onSubmit={(event) => void submit(event)}
        actions={
          <>
            <Button onClick={onClose} disabled={send.isPending}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" loading={send.isPending}>
              Confirmar
            </Button>
          </>
        }
      >
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
          <FormText name="eta.time" label="Prazo de chegada (hh:mm)" mask={maskHhmm} inputMode="numeric" />
          <FormText name="eta.distanceInKm" label="Previsão em KM" inputMode="decimal" />
        </Box>
        <AddressFieldset numberLabel="Número" pinPicker />
      </MissionDialog>
    </FormProvider>
  );
}
