/**
 * 'Novo agente' / 'Editar': a roster agent's fields, checked by the same schema as the server's
 * (src/domain/schemas/rosterAgent.ts), "today" read from the browser's estimate of the server's clock.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Switch, TextField } from '@mui/material';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { ROSTER_TEXTS } from '../../domain/agents';
import type { RosterAgent } from '../../domain/agents/contracts';
import { maskCpf } from '../../domain/masks';
import { rosterAgentSchema, type RosterAgentValues } from '../../domain/schemas/rosterAgent';
import { serverNow } from '../../dataProvider/serverClock';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';
import { useOneSubmission } from '../../layout/useOneSubmission';

interface AgentInput {
  name: string;
  cpf: string;
  cnvNumber: string;
  cnvValidUntil: string;
  refresherOn: string;
  active: boolean;
}

const resolver = yupResolver(rosterAgentSchema, { context: { now: serverNow } }) as unknown as Resolver<AgentInput, unknown, RosterAgentValues>;

const inputOf = (agent: RosterAgent | null): AgentInput => ({
  name: agent?.name ?? '',
  cpf: agent ? maskCpf(agent.cpf) : '',
  cnvNumber: agent?.cnvNumber ?? '',
  cnvValidUntil: agent?.cnvValidUntil ?? '',
  refresherOn: agent?.refresherOn ?? '',
  active: agent?.active ?? true,
});

export function RosterAgentDialog({ agent, onSave, onClose }: { agent: RosterAgent | null; onSave: (values: RosterAgentValues) => Promise<void>; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const form = useForm<AgentInput, unknown, RosterAgentValues>({ defaultValues: inputOf(agent), resolver });
  const save = useOneSubmission(onSave);
  const { errors } = form.formState;
  const text = (name: Exclude<keyof AgentInput, 'active'>, label: string, extra: { type?: string; required?: boolean; onBlurMask?: (v: string) => string } = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          onBlur={() => {
            if (extra.onBlurMask) field.onChange(extra.onBlurMask(field.value));
            field.onBlur();
          }}
          label={label}
          type={extra.type ?? 'text'}
          required={extra.required}
          fullWidth
          margin="normal"
          slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message}
        />
      )}
    />
  );
  const title = agent ? `${ROSTER_TEXTS.edit} — ${agent.name}` : ROSTER_TEXTS.add;
  return (
    <Dialog open onClose={save.pending ? undefined : onClose} fullScreen={fullScreen} aria-labelledby="roster-agent-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void form.handleSubmit((values) => save.run(values))(event)}>
        <DialogTitle id="roster-agent-title">{title}</DialogTitle>
        <DialogContent>
          {text('name', ROSTER_TEXTS.name, { required: true })}
          {text('cpf', ROSTER_TEXTS.cpf, { required: true, onBlurMask: maskCpf })}
          {text('cnvNumber', ROSTER_TEXTS.cnvNumber, { required: true })}
          {text('cnvValidUntil', ROSTER_TEXTS.cnvValidUntil, { type: 'date', required: true })}
          {text('refresherOn', ROSTER_TEXTS.refresherOn, { type: 'date' })}
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(_, on) => field.onChange(on)} />} label={ROSTER_TEXTS.active} />}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.pending}>
            {ROSTER_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={save.pending}>
            {ROSTER_TEXTS.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
