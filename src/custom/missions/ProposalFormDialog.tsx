/**
 * The proposal form (docs/rules/validation.md, all required): time to arrival (HH:mm), distance in km
 * and where the
 * agent is. Sends a completed proposal, updating the provider's own one when it exists
 * (docs/rules/competition.md);
 * 'Proposta lançada' on success. The provider's base, when it has one, prefills the address and
 * the distance and time proposed from it; 'Usar minha localização' fills the address from the phone
 * and proposes them from there instead (docs/rules/field-app.md).
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';
import { pfAuthorizationBlock } from '../../domain/agents/licence';
import { maskCep, maskHhmm } from '../../domain/masks';
import type { MissionLocation } from '../../domain/missions/types';
import { PROPOSAL_LAUNCHED, type MissionRow } from '../../domain/missions';
import { proposedArrival } from '../../domain/missions/etaEstimate';
import { coordinateText } from '../../layout/address/locationFields';
import { proposalFormSchema, type ProposalFormValues } from '../../domain/schemas';
import { AddressFieldset, EMPTY_LOCATION, type LocationInput } from './AddressFieldset';
import { FormText } from './FormText';
import { MissionDialog, SubmitActions } from './MissionDialog';
import { useMissionFormSubmission } from './useMissionFormSubmission';
import { missionReference } from './rowActionLabels';
import { useOutboxSubmit } from '../../layout/OutboxProvider';
import { useRoster } from '../agents/useRoster';

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
    // With the decimal comma it was typed with: 31.5 is taken back as '31,5'.
    eta: { time: eta.time, distanceInKm: asText(eta.distanceInKm).replace('.', ',') },
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

/** The provider's base, read once per minute at most: it changes only when the catalogue is edited. */
const OWN_BASE_KEY = ['serviceProviders', 'ownBase'] as const;

/** The base as the form holds an address: text as typed, the CEP masked. */
const locationInputOf = (base: MissionLocation): LocationInput => ({
  zipcode: maskCep(base.zipcode),
  address: base.address,
  number: base.number,
  neighborhood: base.neighborhood,
  city: base.city,
  state: base.state,
  latitude: coordinateText(base.latitude),
  longitude: coordinateText(base.longitude),
});

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

  // Where the team leaves from: the distance and time to the mission proposed from there
  // (docs/rules/field-app.md), replacing only what is empty or was proposed before — what the team typed is theirs.
  const proposed = useRef<ProposalInput['eta']>(EMPTY.eta);
  const proposeArrival = (from: { lat: number; lng: number }) => {
    const { latitude, longitude } = row.location;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    const next = proposedArrival(from, { lat: latitude, lng: longitude });
    const options = { shouldValidate: true, shouldDirty: true };
    const replaceable = (name: 'eta.distanceInKm' | 'eta.time', key: 'distanceInKm' | 'time') => {
      const typed = form.getValues(name).trim();
      return !typed || typed === proposed.current[key];
    };
    if (replaceable('eta.distanceInKm', 'distanceInKm')) form.setValue('eta.distanceInKm', next.distanceInKm, options);
    if (next.time && replaceable('eta.time', 'time')) form.setValue('eta.time', next.time, options);
    proposed.current = { distanceInKm: next.distanceInKm, time: next.time ?? '' };
  };

  // The provider's base prefills an untouched new form; a base read after the team started typing,
  // or a refused proposal taken back to be edited, keeps what is there.
  const dataProvider = useDataProvider<AppDataProvider>();
  const base = useQuery({ queryKey: OWN_BASE_KEY, queryFn: ({ signal }) => dataProvider.ownBase(signal), retry: false, staleTime: 60_000 }).data;
  const prefilled = useRef(false);
  useEffect(() => {
    if (draft || !base || prefilled.current || form.formState.isDirty) return;
    prefilled.current = true;
    form.reset({ eta: EMPTY.eta, location: locationInputOf(base) });
    proposeArrival({ lat: base.latitude, lng: base.longitude });
    // proposeArrival reads the form and the row when called; the base arriving is what this waits for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);

  // An expired Polícia Federal authorisation is told at once, and the send is off: the server would
  // refuse it (docs/rules/agents.md). Without the roster (no signal) the server still decides.
  const roster = useRoster().data;
  const blocked = roster ? pfAuthorizationBlock(roster.pfAuthorization.validUntil, roster.today) : null;

  return (
    <FormProvider {...form}>
      <MissionDialog
        title={`${PROPOSAL_FORM_TITLE} — Missão ${missionReference(row)}`}
        onClose={submission.pending ? undefined : onClose}
        onSubmit={blocked ? (event) => event.preventDefault() : submission.onSubmit}
        actions={<SubmitActions label="Confirmar" pending={submission.pending} onCancel={onClose} disabled={blocked !== null} />}
      >
        {blocked && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {blocked}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
          <FormText name="eta.time" label="Prazo de chegada (hh:mm)" mask={maskHhmm} inputMode="numeric" />
          <FormText name="eta.distanceInKm" label="Previsão em KM" inputMode="decimal" />
        </Box>
        <AddressFieldset numberLabel="Número" pinPicker cepLookup="blur" onDeviceLocated={proposeArrival} />
      </MissionDialog>
    </FormProvider>
  );
}
