/**
 * The missions list below 600 px, where no table of them fits: one card per mission with its
 * status, the fields that tell missions apart (number, shipper, place, date, provider), its
 * 'Mais informações' and its row actions — what the table's row holds, in the same order.
 */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Button, Card, CardContent, Stack } from '@mui/material';
import { MissionFieldList } from './MissionFieldList';
import { MAIN_FIELDS, MORE_FIELDS } from './missionFields';
import { MissionRowStatus } from './MissionRowStatus';
import { MISSIONS_TABLE_LABEL, MORE_INFO_LABEL, moreInfoName, useExpanded, type MissionsListProps } from './MissionsTable';
import { flashSx } from './flash';
import { missionReference } from './rowActionLabels';
import { RowActions } from './RowActions';

export function MissionCards({ rows, actionsOf, refusalOf, statusOf, flashing, selectedId, onSelect, onAction, isBusy }: MissionsListProps) {
  const { isExpanded, toggle } = useExpanded();
  return (
    <Stack component="ul" aria-label={MISSIONS_TABLE_LABEL} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => {
        const open = isExpanded(row._id);
        const moreId = `mission-more-${row._id}`;
        const selected = row._id === selectedId;
        return (
          <Card
            key={row._id}
            component="li"
            variant="outlined"
            aria-label={`Missão ${missionReference(row)}`}
            aria-current={selected || undefined}
            data-flash={flashing.has(row._id) || undefined}
            onClick={() => onSelect(row)}
            sx={{ ...flashSx(flashing.has(row._id)), borderColor: selected ? 'primary.main' : undefined }}
          >
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack spacing={1}>
                <MissionRowStatus row={row} status={statusOf(row)} />
                <MissionFieldList row={row} fields={MAIN_FIELDS} />
                <Button
                  size="small"
                  sx={{ alignSelf: 'flex-start' }}
                  startIcon={open ? <ExpandLess /> : <ExpandMore />}
                  aria-label={moreInfoName(row)}
                  aria-expanded={open}
                  aria-controls={open ? moreId : undefined}
                  onClick={(event) => {
                    event.stopPropagation();
                    toggle(row._id);
                  }}
                >
                  {MORE_INFO_LABEL}
                </Button>
                {open && <MissionFieldList id={moreId} row={row} fields={MORE_FIELDS} />}
                <RowActions row={row} actions={actionsOf(row)} refusalOf={refusalOf} onAction={onAction} isBusy={isBusy} justify="flex-start" />
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
