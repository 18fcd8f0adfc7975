import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { detectedReadingTime, NEXT_ACTION_TEXTS, nextFieldAction, READING_ACTION_LABELS } from '../../domain/missionDetails/nextAction';
import type { MissionDetailsResponse } from '../../domain/missionDetails';
import type { MissionRow } from '../../domain/missions';
import { ConfirmMissionDialog } from '../missions/ConfirmMissionDialog';
import { AgentForm, AgentReadingForm } from './forms';
import { OccurrenceForm } from './OccurrenceForm';
import { useDetailsWrite, useQueuedItemWrite } from './useMissionDetails';

type Open = 'next' | 'occurrence' | null;

/**
 * The holding team's next step first, on top of its running mission (docs/rules/field-app.md): one
 * large button for the next odometer reading or the finish request, 'Registrar ocorrência' beside it.
 */
export function NextAction({ missionId, mission, details }: { missionId: string; mission: MissionRow; details: MissionDetailsResponse }) {
  const write = useDetailsWrite(missionId);
  const queued = useQueuedItemWrite(missionId);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const next = nextFieldAction(details.securityAgentsDisplay, mission.finishingAsked);
  const label =
    next.kind === 'reading'
      ? details.securityAgentsDisplay.length > 1
        ? `${READING_ACTION_LABELS[next.point]} — ${next.agent.name}`
        : READING_ACTION_LABELS[next.point]
      : next.kind === 'addAgent'
        ? NEXT_ACTION_TEXTS.addAgent
        : NEXT_ACTION_TEXTS.askFinish;
  const big = { minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' } } as const;
  return (
    <Paper variant="outlined" component="section" aria-label={NEXT_ACTION_TEXTS.title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {NEXT_ACTION_TEXTS.title}
      </Typography>
      {next.kind === 'finishAsked' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {NEXT_ACTION_TEXTS.finishAsked}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {next.kind !== 'finishAsked' && (
          <Button variant="contained" size="large" sx={big} onClick={() => setOpen('next')}>
            {label}
          </Button>
        )}
        <Button variant="outlined" size="large" sx={big} onClick={() => setOpen('occurrence')}>
          {NEXT_ACTION_TEXTS.occurrence}
        </Button>
      </Stack>
      {open === 'occurrence' && (
        <OccurrenceForm initial={null} onClose={close} onSubmit={(v) => write('ocurrencies', 'add', () => queued('ocurrencies', v))} />
      )}
      {open === 'next' && next.kind === 'addAgent' && (
        <AgentForm initial={null} onClose={close} onSubmit={(v) => write('securityagents', 'add', () => queued('securityagents', v))} />
      )}
      {open === 'next' && next.kind === 'reading' && (
        <AgentReadingForm
          agent={next.agent}
          point={next.point}
          title={READING_ACTION_LABELS[next.point]}
          proposedTime={detectedReadingTime(next.point, details.mission)}
          onClose={close}
          onSubmit={(v) => write('securityagents', 'update', () => queued('securityagents', v, next.agent.createdAt))}
        />
      )}
      {open === 'next' && next.kind === 'askFinish' && <ConfirmMissionDialog row={mission} action="askFinish" onClose={close} />}
    </Paper>
  );
}
