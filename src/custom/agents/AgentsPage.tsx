/**
 * /home/agents ('Agentes', docs/rules/agents.md): the provider's roster of security agents, with the
 * notices of what expires soon (the PF authorisation, each CNV) and of what already stops the
 * provider. One card per agent, so it reads on a phone as on a desk. Its Administrador adds and
 * edits; the other users of the provider read it (the server refuses anyone else).
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { canWriteRoster, ROSTER_TEXTS } from '../../domain/agents';
import type { RosterAgent } from '../../domain/agents/contracts';
import { dayText, isValidOn } from '../../domain/agents/licence';
import { rosterNotices } from '../../domain/agents/notices';
import { maskCpf } from '../../domain/masks';
import { AGENTS_PATH } from '../../domain/navigation';
import type { RosterAgentValues } from '../../domain/schemas/rosterAgent';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { notify } from '../../layout/notify';
import { Spinner } from '../../layout/Spinner';
import { MenuGuard } from '../MenuGuard';
import { messageOf } from '../messageOf';
import { RosterAgentDialog } from './RosterAgentDialog';
import { ROSTER_KEY, useRoster } from './useRoster';

function AgentCard({ agent, today, onEdit }: { agent: RosterAgent; today: string; onEdit?: () => void }) {
  const valid = isValidOn(agent.cnvValidUntil, today);
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2, opacity: agent.active ? 1 : 0.7 }} aria-label={agent.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ wordBreak: 'break-word' }}>
          {agent.name}
        </Typography>
        <Stack direction="row" spacing={0.5}>
          {!agent.active && <Chip size="small" label={ROSTER_TEXTS.inactive} />}
          <Chip size="small" color={valid ? 'success' : 'error'} label={valid ? ROSTER_TEXTS.cnvValid : ROSTER_TEXTS.cnvExpired} />
        </Stack>
      </Stack>
      <Typography variant="body2">{`${ROSTER_TEXTS.cpf}: ${maskCpf(agent.cpf)}`}</Typography>
      <Typography variant="body2">{`${ROSTER_TEXTS.cnvNumber}: ${agent.cnvNumber} — ${ROSTER_TEXTS.cnvValidUntil.toLowerCase()} ${dayText(agent.cnvValidUntil)}`}</Typography>
      {agent.refresherOn && <Typography variant="body2" color="text.secondary">{`${ROSTER_TEXTS.refresherOn}: ${dayText(agent.refresherOn)}`}</Typography>}
      {onEdit && (
        <Button size="small" variant="outlined" sx={{ mt: 1.5 }} onClick={onEdit} aria-label={`${ROSTER_TEXTS.edit} ${agent.name}`}>
          {ROSTER_TEXTS.edit}
        </Button>
      )}
    </Paper>
  );
}

function Agents() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const writer = canWriteRoster(user?.role);
  const roster = useRoster();
  const [editing, setEditing] = useState<RosterAgent | 'new' | null>(null);

  const save = async (values: RosterAgentValues) => {
    try {
      if (editing === 'new') await dataProvider.createRosterAgent(values);
      else if (editing) await dataProvider.updateRosterAgent(editing._id, values);
      setEditing(null);
      notify.success(ROSTER_TEXTS.saved);
      await queryClient.invalidateQueries({ queryKey: ROSTER_KEY });
    } catch (error) {
      notify.error(messageOf(error));
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {ROSTER_TEXTS.title}
        </Typography>
        {writer && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {ROSTER_TEXTS.add}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {writer ? ROSTER_TEXTS.intro : `${ROSTER_TEXTS.intro} ${ROSTER_TEXTS.readOnly}`}
      </Typography>
      {roster.isPending ? (
        <Spinner />
      ) : roster.isError ? (
        <Alert severity="error">{messageOf(roster.error)}</Alert>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {`${ROSTER_TEXTS.pfTitle}: ${
              roster.data.pfAuthorization.number && roster.data.pfAuthorization.validUntil
                ? `${roster.data.pfAuthorization.number}, válida até ${dayText(roster.data.pfAuthorization.validUntil)}`
                : ROSTER_TEXTS.pfNone
            }`}
          </Typography>
          <Stack spacing={1} sx={{ mb: 2 }} role="list" aria-label="Avisos">
            {rosterNotices(roster.data, roster.data.today).map((notice) => (
              <Alert key={notice.text} severity={notice.severity} role="listitem">
                {notice.text}
              </Alert>
            ))}
          </Stack>
          {roster.data.agents.length === 0 ? (
            <Typography>{ROSTER_TEXTS.empty}</Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {roster.data.agents.map((agent) => (
                <AgentCard key={agent._id} agent={agent} today={roster.data.today} onEdit={writer ? () => setEditing(agent) : undefined} />
              ))}
            </Box>
          )}
        </>
      )}
      {editing && <RosterAgentDialog agent={editing === 'new' ? null : editing} onSave={save} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

export default function AgentsPage() {
  return (
    <MenuGuard to={AGENTS_PATH}>
      <Agents />
    </MenuGuard>
  );
}
