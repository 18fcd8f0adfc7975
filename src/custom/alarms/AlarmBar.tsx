import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { canUseMissions } from '../../domain/permissions';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { ALARM_ACTIONS, SOS_TEXTS, alarmText } from '../../domain/alarms';
import type { Alarm } from '../../domain/alarms/contracts';
import { MISSIONS_BASE } from '../../domain/navigation';
import { coordinatesText } from '../../domain/positions/presence';
import { useLiveMissions } from '../live/useLiveMissions';
import { startAlarmSound } from './alarmSound';

/** How often the open alarms are read when the live stream is down (the live stream refetches at once). */
export const ALARMS_POLL_MS = 20_000;

const ALARMS_KEY = ['missions', 'alarms'];

function AlarmLine({ alarm }: { alarm: Alarm }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: () => dataProvider.acknowledgeAlarm(alarm._id),
    // Answered by someone else meanwhile (409): the list says so as it refetches.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALARMS_KEY }),
  });
  const where = alarm.latitude !== null && alarm.longitude !== null ? coordinatesText({ latitude: alarm.latitude, longitude: alarm.longitude }) : SOS_TEXTS.noPosition;
  return (
    <Alert
      severity="error"
      variant="filled"
      role="alert"
      sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
      action={
        <Button color="inherit" variant="outlined" sx={{ minHeight: 44, fontWeight: 700 }} disabled={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
          {SOS_TEXTS.acknowledge}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
        <Box component="strong">{alarmText(alarm)}</Box>
        <Link component={RouterLink} to={`${MISSIONS_BASE}/${alarm.mission}/details/started`} color="inherit" sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
          {`${SOS_TEXTS.openMap}: ${where}`}
        </Link>
      </Stack>
    </Alert>
  );
}

/**
 * The risk manager's alarms on every screen of its frame (docs/rules/alarms.md): a full-width red bar
 * per open SOS or silent team, with the mission, where the team was and 'Ciente', and a sound while
 * any is open. Live: the stream's alarm events refetch the list at once; polled meanwhile.
 */
export function AlarmBar() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const alarms = useQuery({ queryKey: ALARMS_KEY, queryFn: ({ signal }) => dataProvider.openAlarms(signal), refetchInterval: ALARMS_POLL_MS });
  useLiveMissions({ onEvent: (event) => event.action && ALARM_ACTIONS.includes(event.action) && void queryClient.invalidateQueries({ queryKey: ALARMS_KEY }) });
  const open = alarms.data ?? [];
  const ringing = open.length > 0;
  useEffect(() => (ringing ? startAlarmSound() : undefined), [ringing]);
  if (!ringing) return null;
  return (
    <Box sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1, width: '100%' }}>
      {open.map((alarm) => (
        <AlarmLine key={alarm._id} alarm={alarm} />
      ))}
    </Box>
  );
}

/** The alarm bar for whoever answers alarms: the risk manager's users with the missions area; nothing for anyone else. */
export function AlarmBanner() {
  const { user } = useCurrentUser();
  return user?.role.type === 'risk_manager' && canUseMissions(user.role) ? <AlarmBar /> : null;
}
