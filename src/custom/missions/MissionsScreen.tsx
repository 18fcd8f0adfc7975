/**
 * /home/missions (docs/rules/missions.md): title by role, filters, the polled and paged table
 * with each row's actions for this viewer (rowActions, from the shared state machine), the legend,
 * 'Nova Missão' for risk managers, 'Mapa' (the dispatcher map, docs/operations/several-instances.md),
 * the live indicator, and
 * the screen's modals. Default export: loaded lazily by
 * MissionsSection, so the date pickers stay out of the other screens' chunk.
 */
import Add from '@mui/icons-material/Add';
import MapOutlined from '@mui/icons-material/MapOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, CircularProgress, IconButton, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MonitoringFilter } from '../../dataProvider/missionsApi';
import { MISSIONS_POLL_MS, rowActionRefusal, rowActions, MONITORING_SORTS, type MissionRow } from '../../domain/missions';
import { formatNumber } from '../../domain/validators/numbers';
import { Spinner } from '../../layout/Spinner';
import { useCurrentUser, type CurrentUser } from '../../authProvider/useCurrentUser';
import { LiveIndicator } from '../live/LiveIndicator';
import { LIVE_POLL_MS, PollIntervalContext } from '../live/livePolling';
import { useLiveMissions } from '../live/useLiveMissions';
import { MissionModals } from './MissionModals';
import { MissionsFilters, type MissionsFilterValues } from './MissionsFilters';
import { MissionsLegend } from './MissionsLegend';
import { MissionsTable } from './MissionsTable';
import type { MissionModal } from './missionModal';
import { useBidOutcomeNotice } from './useBidOutcomeNotice';
import { useMissionsMonitoring } from './useMissionsMonitoring';
import { useNewMissionNotice } from './useNewMissionNotice';
import { useUnreadMessagesAnnouncement } from './useUnreadMessagesAnnouncement';
import { useRowActionHandler } from './useRowActionHandler';
import { useProposalDraft } from './useProposalDraft';

// Opened from 'Mapa' only: not part of the page's first paint (/home/missions' JavaScript budget).
const DispatchMapDialog = lazy(() => import('../live/DispatchMapDialog').then((m) => ({ default: m.DispatchMapDialog })));

export const missionsTitle = (user: CurrentUser): string =>
  user.role.type === 'service_provider' ? 'Missões - Pronta Resposta' : 'Missões - Gerenciadora de Risco';

export const MISSIONS_LOAD_ERROR = 'Não foi possível carregar as missões';

/** The searched filters from page 1, in the header's sort. */
const toFilter = (values: MissionsFilterValues, sorted: Pick<MonitoringFilter, 'sort' | 'order'>): MonitoringFilter => ({
  page: 1,
  start: values.start?.toISOString(),
  end: values.end?.toISOString(),
  status: values.status || undefined,
  q: values.q || undefined,
  ...sorted,
});

export default function MissionsScreen() {
  const { user, isPending } = useCurrentUser();
  if (isPending || !user) return <Spinner />;
  return <Missions user={user} />;
}

function Missions({ user }: { user: CurrentUser }) {
  const [filter, setFilter] = useState<MonitoringFilter>({ page: 1 });
  const [modal, setModal] = useState<MissionModal | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const isProvider = user.role.type === 'service_provider';
  const bidNotice = useBidOutcomeNotice(isProvider);
  const live = useLiveMissions({ paused: modal !== null, onEvent: bidNotice.onEvent });
  const pollMs = live === 'live' ? LIVE_POLL_MS : MISSIONS_POLL_MS;
  const monitoring = useMissionsMonitoring(filter, modal !== null, pollMs);
  // A bid's outcome also from the polls: the live stream may be down ('Atualização periódica').
  useEffect(() => bidNotice.onMoves(monitoring.moved), [bidNotice, monitoring.moved]);
  const { selectedId, select, unseen } = useNewMissionNotice(monitoring.fresh, isProvider);
  useUnreadMessagesAnnouncement(monitoring.data?.data);
  const rowAction = useRowActionHandler(setModal);
  useProposalDraft(setModal);
  const page = monitoring.data;
  const flashing = new Set(monitoring.fresh.map((r) => r._id));

  return (
    <PollIntervalContext.Provider value={pollMs}>
      <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h1">{missionsTitle(user)}</Typography>
            <LiveIndicator state={live} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignSelf: 'flex-start' }}>
            <Button variant="outlined" startIcon={<MapOutlined />} onClick={() => setMapOpen(true)}>
              Mapa
            </Button>
            {user.role.type === 'risk_manager' && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ kind: 'new' })}>
                Nova Missão
              </Button>
            )}
          </Stack>
        </Stack>
        <MissionsFilters roleType={user.role.type} onSearch={(values) => setFilter((f) => toFilter(values, { sort: f.sort, order: f.order }))} />
        <Box sx={{ mt: 2 }}>
          {monitoring.isError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void monitoring.refetch()}>
                  Tentar novamente
                </Button>
              }
            >
              {MISSIONS_LOAD_ERROR}
            </Alert>
          )}
          {monitoring.isPending && <CircularProgress aria-label="Carregando" />}
          {page && (
            <MissionsTable
              rows={page.data}
              actionsOf={(row: MissionRow) => rowActions(row, user)}
              refusalOf={(row, action) => rowActionRefusal(row, user, action)}
              statusOf={(row) => (unseen.has(row._id) && row.status === 'open' ? 'new' : row.status)}
              flashing={flashing}
              selectedId={selectedId}
              onSelect={(row) => select(row._id)}
              onAction={(row, action) => {
                select(row._id);
                rowAction.handle(row, action);
              }}
              isBusy={rowAction.isBusy}
              sort={filter.sort && filter.order ? { field: filter.sort, order: filter.order } : undefined}
              onSort={(sort) => {
                const field = MONITORING_SORTS.find((s) => s === sort.field);
                if (field) setFilter((f) => ({ ...f, page: 1, sort: field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' }));
              }}
            />
          )}
          {page && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', py: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
                {`${formatNumber(page.total)} registros`}
              </Typography>
              <IconButton
                aria-label="Página anterior"
                size="small"
                disabled={page.page <= 1}
                onClick={() => setFilter((f) => ({ ...f, page: page.page - 1 }))}
              >
                <ChevronLeft />
              </IconButton>
              <Typography variant="body2">{`Página ${formatNumber(page.page)} de ${formatNumber(Math.max(1, page.totalPages))}`}</Typography>
              <IconButton
                aria-label="Próxima página"
                size="small"
                disabled={page.page >= page.totalPages}
                onClick={() => setFilter((f) => ({ ...f, page: page.page + 1 }))}
              >
                <ChevronRight />
              </IconButton>
            </Stack>
          )}
        </Box>
        <MissionsLegend roleType={user.role.type} />
        <MissionModals modal={modal} user={user} onClose={() => setModal(null)} />
        {mapOpen && (
          <Suspense fallback={null}>
            <DispatchMapDialog onClose={() => setMapOpen(false)} />
          </Suspense>
        )}
      </Paper>
    </PollIntervalContext.Provider>
  );
}
