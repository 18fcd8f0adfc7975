import { Stack, Typography } from '@mui/material';
import type { Control } from 'react-hook-form';
import { kmToMetres } from '../../domain/billing/totals';
import { maskCpf, maskPlate } from '../../domain/masks';
import { VEHICLE_TYPE_LABELS } from '../../domain/missionDetails';
import type { SecurityAgentDisplay, Vehicle } from '../../domain/missionDetails';
import {
  ODOMETER_LABELS,
  ODOMETER_POINTS,
  securityAgentSchema,
  vehicleSchema,
  type SecurityAgentValues,
  type VehicleValues,
} from '../../domain/schemas/missionDetails';
import { DateTimeField, FormDialog, FormField } from './FormDialog';
import { RosterAgentPicker } from './RosterAgentPicker';

export interface FormProps<I, V> {
  initial: I | null;
  /** The values the server refused, taken back to be edited ('Editar', docs/rules/field-app.md): the form starts from them. */
  draft?: V | null;
  onSubmit: (values: V) => Promise<boolean>;
  onClose: () => void;
}

/** Vehicle (docs/rules/validation.md): plate upper-cased and normalised on blur, CPF masked. */
export function VehicleForm({ initial, draft, onSubmit, onClose }: FormProps<Vehicle, VehicleValues>) {
  const from = draft ?? initial;
  return (
    <FormDialog<VehicleValues>
      title={initial ? 'Editar veículo' : 'Adicionar veículo'}
      schema={vehicleSchema}
      defaultValues={{
        driver: from?.driver ?? '',
        driverPIN: from?.driverPIN ? maskCpf(from.driverPIN) : '',
        type: from?.type,
        plate: from?.plate ?? '',
        chassis: from?.chassis ?? '',
        make: from?.make ?? '',
        model: from?.model ?? '',
        year: from?.year ?? null,
        color: from?.color ?? '',
      }}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormField control={control} name="driver" label="Motorista" required />
          <FormField control={control} name="driverPIN" label="CPF do motorista" onBlurValue={maskCpf} />
          <FormField control={control} name="type" label="Espécie" options={VEHICLE_TYPE_LABELS} required />
          <FormField control={control} name="plate" label="Placa" onBlurValue={maskPlate} required slotProps={{ htmlInput: { maxLength: 8 } }} />
          <FormField control={control} name="chassis" label="Chassi" />
          <FormField control={control} name="make" label="Marca" />
          <FormField control={control} name="model" label="Modelo" />
          <FormField control={control} name="year" label="Ano" type="number" slotProps={{ htmlInput: { min: 0, max: 9999 } }} />
          <FormField control={control} name="color" label="Cor" />
        </>
      )}
    </FormDialog>
  );
}

type Point = (typeof ODOMETER_POINTS)[number];

/** To the metre and with a decimal comma, as typed: 48271.700000000004 is edited as '48271,7'. */
function agentValues(agent: Pick<SecurityAgentDisplay, 'name' | 'odometer' | 'rosterAgent'> | SecurityAgentValues | null | undefined) {
  const readingOf = (p: Point) => {
    const r = agent?.odometer[p];
    return r ? { km: String(kmToMetres(r.km) / 1000).replace('.', ','), time: r.time } : { km: '', time: '' };
  };
  return { name: agent?.name ?? '', rosterAgent: agent?.rosterAgent ?? null, odometer: Object.fromEntries(ODOMETER_POINTS.map((p) => [p, readingOf(p)])) };
}

/** One odometer point's row: its label, km and date/time. */
function ReadingRow({ control, point, label }: { control: Control<SecurityAgentValues>; point: Point; label: string }) {
  return (
    // On a phone the three side by side leave each field some 50 px: the row stacks instead.
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
      <Typography sx={{ minWidth: 140, pt: { xs: 0, sm: 1 } }}>{label}</Typography>
      <FormField control={control} name={`odometer.${point}.km`} label="Km" />
      <DateTimeField control={control} name={`odometer.${point}.time`} label="Data e hora" />
    </Stack>
  );
}

/**
 * Security agent (docs/rules/validation.md): the agent — from the provider's roster, or typed while
 * it is empty (docs/rules/agents.md) — and the four odometer rows, each km and date/time; the rows
 * not read yet stay blank (docs/rules/field-app.md).
 */
export function AgentForm({ initial, draft, onSubmit, onClose }: FormProps<SecurityAgentDisplay, SecurityAgentValues>) {
  return (
    <FormDialog<SecurityAgentValues>
      title={initial ? 'Editar prestador' : 'Adicionar prestador'}
      schema={securityAgentSchema}
      defaultValues={agentValues(draft ?? initial)}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {(form) => (
        <>
          <RosterAgentPicker form={form} />
          {ODOMETER_POINTS.map((p) => (
            <ReadingRow key={p} control={form.control} point={p} label={ODOMETER_LABELS[p]} />
          ))}
        </>
      )}
    </FormDialog>
  );
}

/**
 * One reading as it happens ('Cheguei ao local'…): the agent's next point only, its time the
 * phone's now or `proposedTime` (detectedReadingTime), editable, the km typed by the agent; the
 * whole agent is validated by the same schema, so the order rules answer under this point's fields
 * (docs/rules/field-app.md).
 */
export function AgentReadingForm({
  agent,
  point,
  title,
  proposedTime,
  onSubmit,
  onClose,
}: { agent: SecurityAgentDisplay; point: Point; title: string; proposedTime: string | null } & Omit<FormProps<SecurityAgentDisplay, SecurityAgentValues>, 'initial'>) {
  const values = agentValues(agent);
  const defaultValues = { ...values, odometer: { ...values.odometer, [point]: { km: '', time: proposedTime ?? new Date().toISOString() } } };
  return (
    <FormDialog<SecurityAgentValues> title={`${title} — ${agent.name}`} schema={securityAgentSchema} defaultValues={defaultValues} onSubmit={onSubmit} onClose={onClose}>
      {({ control }) => <ReadingRow control={control} point={point} label={ODOMETER_LABELS[point]} />}
    </FormDialog>
  );
}
