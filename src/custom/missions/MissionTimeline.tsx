/**
 * The mission timeline (docs/rules/missions.md): a side panel with the mission's event log,
 * oldest first — what happened, who did it (name and role), when, the provider concerned and, for a
 * vehicle, occurrence, agent or attachment, the item and each field before → after.
 */
import Close from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { brasiliaDateTime } from '../../domain/missionDetails/changes';
import { eventPositionText } from '../../domain/positions/presence';
import { MISSION_EVENT_LABELS, type MissionEvent, type MissionRow } from '../../domain/missions';
import type { RoleType } from '../../domain/roles';
import { missionReference } from './rowActionLabels';

const ROLE_LABELS: Record<RoleType, string> = {
  admin: 'Administrador',
  risk_manager: 'Gerenciadora de risco',
  service_provider: 'Prestador',
};

function EventItem({ event }: { event: MissionEvent }) {
  return (
    <ListItem divider alignItems="flex-start">
      <ListItemText
        primary={MISSION_EVENT_LABELS[event.action]}
        secondary={
          <>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {`${event.actor.name} (${ROLE_LABELS[event.actor.roleType]})`}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {brasiliaDateTime(event.createdAt)}
            </Typography>
            {event.serviceProviderName && (
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                {`Prestador: ${event.serviceProviderName}`}
              </Typography>
            )}
            {event.change && (
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                {event.change.item}
              </Typography>
            )}
            {event.position && (
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                {eventPositionText(event.position)}
              </Typography>
            )}
            {event.change?.fields.map((f) => (
              <Typography key={f.field} component="span" variant="body2" sx={{ display: 'block' }}>
                {`${f.field}: ${f.before} → ${f.after}`}
              </Typography>
            ))}
          </>
        }
      />
    </ListItem>
  );
}

export function MissionTimeline({ row, onClose }: { row: MissionRow; onClose: () => void }) {
  const titleId = useId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const events = useQuery({
    queryKey: ['missions', 'events', row._id],
    queryFn: ({ signal }) => dataProvider.missionEvents(row._id, signal),
  });

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {`Linha do tempo — Missão ${missionReference(row)}`}
        </Typography>
        <IconButton aria-label="Fechar" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ px: 1, overflowY: 'auto' }}>
        {events.isPending && <CircularProgress aria-label="Carregando" sx={{ m: 2 }} />}
        {events.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void events.refetch()}>
                Tentar novamente
              </Button>
            }
          >
            Não foi possível carregar a linha do tempo
          </Alert>
        )}
        {events.data && events.data.length === 0 && <Typography sx={{ p: 2 }}>Nenhum registro encontrado</Typography>}
        {events.data && events.data.length > 0 && (
          <List aria-label="Eventos da missão">
            {events.data.map((event) => (
              <EventItem key={event._id} event={event} />
            ))}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
