/**
 * 'Incidentes' (ANPD Res. 15/2024, docs/rules/privacy.md): the register of security incidents — the
 * day, nature, data and people affected, measures and notification days — registered, edited and
 * deleted after a confirmation (the server keeps each for five years and says so in Portuguese).
 * The platform admin sees every tenant's and the platform's own, each named; a new one belongs to
 * the tenant picked above the tabs, or to the platform.
 */
import { useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { dayText } from '../../domain/agents/licence';
import type { PrivacyIncident } from '../../domain/privacy/contracts';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { DeleteConfirmDialog } from '../../layout/DeleteConfirmDialog';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { messageOf } from '../messageOf';
import { useTenantNames } from '../TenantSelect';
import { CardList } from './CardList';
import { IncidentDialog } from './IncidentDialog';
import type { PanelProps } from './panelProps';

const INCIDENTS_KEY = ['privacyIncidents'] as const;
const notified = (day: string | null) => (day ? dayText(day) : T.notNotified);

function IncidentCard({ incident, owner, onEdit, onRemove }: { incident: PrivacyIncident; owner: string | null; onEdit: () => void; onRemove: () => void }) {
  const name = T.incidentEntity(dayText(incident.occurredOn));
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2 }} aria-label={name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
        <Typography variant="subtitle1" component="h3">
          {name}
        </Typography>
        {owner && <Chip size="small" variant="outlined" label={owner} />}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{`${T.nature}: ${incident.nature}`}</Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>{`${T.dataCategories}: ${incident.dataCategories} · ${T.peopleAffected}: ${incident.peopleAffected}`}</Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{`${T.measures}: ${incident.measures}`}</Typography>
      <Typography variant="body2" color="text.secondary">{`${T.anpdNotifiedOn}: ${notified(incident.anpdNotifiedOn)} · ${T.subjectsNotifiedOn}: ${notified(incident.subjectsNotifiedOn)}`}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button size="small" variant="outlined" onClick={onEdit} aria-label={`${T.edit} ${name}`}>
          {T.edit}
        </Button>
        <Button size="small" color="error" onClick={onRemove} aria-label={`${T.remove} ${name}`}>
          {T.remove}
        </Button>
      </Stack>
    </Paper>
  );
}

export function IncidentsPanel({ tenant, allTenants }: PanelProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const incidents = useQuery({ queryKey: INCIDENTS_KEY, queryFn: ({ signal }) => dataProvider.privacyIncidents(undefined, signal) });
  const names = useTenantNames(allTenants);
  const [editing, setEditing] = useState<PrivacyIncident | 'new' | null>(null);
  const [removing, setRemoving] = useState<PrivacyIncident | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
  const remove = useOneSubmission(async (incident: PrivacyIncident) => {
    try {
      await dataProvider.removePrivacyIncident(incident._id);
      notify.success(T.incidentRemoved);
      await reload();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setRemoving(null);
    }
  });
  const ownerOf = (incident: PrivacyIncident) => (allTenants ? (incident.riskManager ? (names.get(incident.riskManager) ?? incident.riskManager) : T.platform) : null);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {T.incidentsIntro}
          </Typography>
          {allTenants && !tenant && (
            <Typography variant="body2" color="text.secondary">
              {T.platformIncident}
            </Typography>
          )}
        </Box>
        <Button variant="contained" onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
          {T.newIncident}
        </Button>
      </Stack>
      <CardList
        query={incidents}
        label={T.incidentsTab}
        empty={T.noIncidents}
        card={(incident) => <IncidentCard key={incident._id} incident={incident} owner={ownerOf(incident)} onEdit={() => setEditing(incident)} onRemove={() => setRemoving(incident)} />}
      />
      {editing !== null && (
        <IncidentDialog
          incident={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            try {
              if (editing === 'new') await dataProvider.createPrivacyIncident({ ...values, riskManager: tenant ?? null });
              else await dataProvider.updatePrivacyIncident(editing._id, values);
              notify.success(T.incidentSaved);
              await reload();
              return true;
            } catch (error) {
              notify.error(messageOf(error));
              return false;
            }
          }}
        />
      )}
      <DeleteConfirmDialog
        open={removing !== null}
        entity={removing ? T.incidentEntity(dayText(removing.occurredOn)) : ''}
        loading={remove.pending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove.run(removing)}
      />
    </Box>
  );
}
