/**
 * The top of a mission's details and chat screens: which mission it is — the screen's title with
 * the process number, the status as the viewer sees it, the shipper, service, place and provider —
 * and the cargo's fiscal keys (FiscalKeysPanel), and its timeline one click away, beside the screen's own buttons. Shows what the row holds: a
 * provider's row may carry no provider name.
 */
import Timeline from '@mui/icons-material/Timeline';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import type { MissionRow } from '../../domain/missions';
import { FiscalKeysPanel } from '../missions/FiscalKeysPanel';
import { MissionFieldList } from '../missions/MissionFieldList';
import { FIELDS } from '../missions/missionFields';
import { MissionRowStatus } from '../missions/MissionRowStatus';
import { MissionTimeline } from '../missions/MissionTimeline';

const HEADER_FIELDS = [FIELDS.shipper, FIELDS.service, FIELDS.place, FIELDS.provider];

export function MissionHeader({ mission, title, actions }: { mission: MissionRow; title: string; actions: ReactNode }) {
  const [timelineOpen, setTimelineOpen] = useState(false);
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} sx={{ mb: 2 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        {/* A process number is free text up to the field's limit: it wraps instead of widening a phone's page. */}
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            <span>{title}</span>
            {` · Processo ${mission.processNumber ?? '-'}`}
          </Typography>
          <Box aria-label="Status da missão" sx={{ mt: 0.5 }}>
            <MissionRowStatus row={mission} status={mission.status} />
          </Box>
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions}
          <Button variant="outlined" startIcon={<Timeline />} onClick={() => setTimelineOpen(true)}>
            Linha do tempo
          </Button>
        </Stack>
      </Stack>
      <MissionFieldList row={mission} fields={HEADER_FIELDS} />
      <FiscalKeysPanel row={mission} />
      {timelineOpen && <MissionTimeline row={mission} onClose={() => setTimelineOpen(false)} />}
    </Stack>
  );
}
