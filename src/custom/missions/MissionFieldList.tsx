/** Some fields of a mission as a definition list: each label above its value, in a grid. */
import { Box, Typography } from '@mui/material';
import type { MissionRow } from '../../domain/missions';
import type { MissionField } from './missionFields';

export function MissionFieldList({ row, fields, id }: { row: MissionRow; fields: MissionField[]; id?: string }) {
  return (
    <Box
      component="dl"
      id={id}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', columnGap: 2, rowGap: 1, m: 0 }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {field.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {field.text(row) || '-'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
