/** 'Legendas' (docs/rules/missions.md): the statuses this role meets, each on its colour. */
import { Box, Stack, Typography } from '@mui/material';
import { legendStatuses } from '../../domain/missions';
import type { RoleType } from '../../domain/roles';
import { MissionStatusChip } from './MissionStatusChip';

export function MissionsLegend({ roleType }: { roleType: RoleType | undefined }) {
  return (
    <Box component="aside" aria-label="Legendas" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Legendas
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
        {legendStatuses(roleType).map((status) => (
          <MissionStatusChip key={status} status={status} />
        ))}
      </Stack>
    </Box>
  );
}
