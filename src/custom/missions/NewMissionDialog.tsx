/**
 * 'Nova Missão' (docs/rules/missions.md, docs/rules/validation.md): shipper → its services (franchise
 * plans), requester, optional
 * process number, cause/carrier/place/leadership required as the mission parameters say, and the
 * address with its map pin, and the cargo's fiscal keys (docs/rules/fiscal-documents.md). Cancelar /
 * Confirmar; 'Nova missão criada' on success.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { MISSION_CREATED, NO_FRANCHISE_PLAN_HINT } from '../../domain/missions';
import { newMissionSchema, type MissionRequiredRefs, type NewMissionValues } from '../../domain/schemas';
import { AddressFieldset, EMPTY_LOCATION, type LocationInput } from './AddressFieldset';
import { EMPTY_FISCAL_KEYS, FiscalKeysFields, type FiscalKeysInput } from './FiscalKeysFields';
import { FormText } from './FormText';
import { MissionDialog, SubmitActions } from './MissionDialog';
import { useMissionFormSubmission } from './useMissionFormSubmission';
import { useMissionReferences, useRequiredRefs } from './useMissionReferences';

export const NEW_MISSION_TITLE = 'Nova Missão';

interface NewMissionInput {
  processNumber: string;
  shipper: string;
  franchise_plan: string;
  requester: string;
  cause: string;
  carrier: string;
  place: string;
  leadership: string;
  location: LocationInput;
  fiscalKeys: FiscalKeysInput;
}

const EMPTY: NewMissionInput = {
  processNumber: '',
  shipper: '',
  franchise_plan: '',
  requester: '',
  cause: '',
  carrier: '',
  place: '',
  leadership: '',
  location: EMPTY_LOCATION,
  fiscalKeys: EMPTY_FISCAL_KEYS,
};

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 } as const;

export function NewMissionDialog({ onClose }: { onClose: () => void }) {
  const { required, isError, refetch } = useRequiredRefs();
  if (required) return <NewMissionForm required={required} onClose={onClose} />;
  return (
    <MissionDialog title={NEW_MISSION_TITLE} onClose={onClose} actions={<Button onClick={onClose}>Cancelar</Button>}>
      {isError ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Tentar novamente</Button>}>
          Não foi possível carregar os parâmetros da missão
        </Alert>
      ) : (
        <CircularProgress aria-label="Carregando" />
      )}
    </MissionDialog>
  );
}

function NewMissionForm({ required, onClose }: { required: MissionRequiredRefs; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  // The schema's output (numbers, bare CEP) is what createMission sends; the resolver types cannot
  // express input and output differing, hence the cast (as in RecordForm).
  const resolver = useMemo(
    () => yupResolver(newMissionSchema(required)) as unknown as Resolver<NewMissionInput, unknown, NewMissionValues>,
    [required],
  );
  const form = useForm<NewMissionInput, unknown, NewMissionValues>({ defaultValues: EMPTY, resolver });
  const shipper = useWatch({ control: form.control, name: 'shipper' });
  const refs = useMissionReferences(shipper);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const submission = useMissionFormSubmission(form, (values) => dataProvider.createMission(values, { idempotencyKey }), MISSION_CREATED, onClose);

  return (
    <FormProvider {...form}>
      <MissionDialog
        title={NEW_MISSION_TITLE}
        onClose={submission.pending ? undefined : onClose}
        onSubmit={submission.onSubmit}
        actions={<SubmitActions label="Confirmar" pending={submission.pending} onCancel={onClose} />}
      >
        {refs.isError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Algumas listas não puderam ser carregadas
          </Alert>
        )}
        <Box sx={grid}>
          <FormText
            name="shipper"
            label="Cliente"
            options={refs.shippers}
            onValue={() => form.setValue('franchise_plan', '')}
          />
          <FormText name="franchise_plan" label="Serviço" options={refs.plans} disabled={shipper === ''} hint={refs.noPlans ? NO_FRANCHISE_PLAN_HINT : undefined} />
          <FormText name="requester" label="Solicitante" options={refs.requesters} />
          <FormText name="processNumber" label="Número do processo" optional />
          <FormText name="cause" label="Motivo do acionamento" options={refs.causes} optional={!required.cause} />
          <FormText name="carrier" label="Transportador" options={refs.carriers} optional={!required.carrier} />
          <FormText name="place" label="Local" options={refs.places} optional={!required.place} />
          <FormText name="leadership" label="Liderança" options={refs.leaderships} optional={!required.leadership} />
        </Box>
        <AddressFieldset numberLabel="Complemento" numberIsComplement pinPicker />
        <FiscalKeysFields prefix="fiscalKeys." />
      </MissionDialog>
    </FormProvider>
  );
}
