/**
 * The agent of the 'Prestadores' tab (docs/rules/agents.md): picked from the provider's roster, an
 * agent whose CNV is not valid today or who is inactive shown but not offered (the server refuses
 * him too); a provider whose roster is empty types the name instead, and the row reads 'sem cadastro'.
 */
import { Autocomplete, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ROSTER_TEXTS } from '../../domain/agents';
import type { RosterAgent } from '../../domain/agents/contracts';
import { isValidOn } from '../../domain/agents/licence';
import type { SecurityAgentValues } from '../../domain/schemas/missionDetails';
import { Spinner } from '../../layout/Spinner';
import { useRoster } from '../agents/useRoster';
import { FormField } from './FormDialog';

/** Why a roster agent cannot be picked today, or null. */
const unavailable = (agent: RosterAgent, today: string): string | null =>
  !agent.active ? ROSTER_TEXTS.inactive : isValidOn(agent.cnvValidUntil, today) ? null : ROSTER_TEXTS.cnvExpired;

export const FREE_NAME_HELP = 'Sem agentes no cadastro da prestadora: o nome digitado aparece como "sem cadastro".';

export function RosterAgentPicker({ form }: { form: UseFormReturn<SecurityAgentValues> }) {
  const roster = useRoster();
  if (roster.isPending) return <Spinner />;
  // Without the roster (no signal, say) the name is typed; the server still decides.
  if (roster.isError || roster.data.agents.length === 0) {
    return <FormField control={form.control} name="name" label="Nome" required helperText={FREE_NAME_HELP} />;
  }
  const { agents, today } = roster.data;
  return (
    <Controller
      control={form.control}
      name="rosterAgent"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={agents}
          value={agents.find((agent) => agent._id === field.value) ?? null}
          onChange={(_, agent) => {
            field.onChange(agent?._id ?? null);
            form.setValue('name', agent?.name ?? '', { shouldValidate: form.formState.isSubmitted });
          }}
          getOptionLabel={(agent) => agent.name}
          getOptionDisabled={(agent) => unavailable(agent, today) !== null}
          renderOption={({ key, ...props }, agent) => {
            const why = unavailable(agent, today);
            return (
              <li key={key} {...props}>
                {why ? `${agent.name} — ${why}` : agent.name}
              </li>
            );
          }}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          noOptionsText="Nenhum agente encontrado"
          renderInput={(params) => (
            <TextField
              {...params}
              label="Agente do cadastro"
              required
              margin="normal"
              error={Boolean(fieldState.error ?? form.formState.errors.name)}
              helperText={fieldState.error?.message ?? form.formState.errors.name?.message}
            />
          )}
        />
      )}
    />
  );
}
