/**
 * A mission's row actions as icon buttons, each tooltipped by its label and named with the mission it
 * acts on (rowActionName; the chat one with its unread badge). A refused action (rowActionRefusal) is disabled and its tooltip gives the
 * reason. The table and the narrow screen's cards show the same buttons.
 */
import { Badge, IconButton, Stack, Tooltip } from '@mui/material';
import { unreadBadge, type MissionRow, type RowAction } from '../../domain/missions';
import { ROW_ACTION_ICONS, ROW_ACTION_LABELS, rowActionName } from './rowActionLabels';

export interface RowActionButtonProps {
  action: RowAction;
  row: MissionRow;
  /** Why the action may not be used now, or null. */
  refusal: string | null;
  /** A write of this kind is in flight: the button waits, disabled (one submission per click). */
  busy?: boolean;
  onClick: () => void;
}

export function RowActionButton({ action, row, refusal, busy = false, onClick }: RowActionButtonProps) {
  const Icon = ROW_ACTION_ICONS[action];
  const label = ROW_ACTION_LABELS[action];
  const name = rowActionName(action, row);
  const badge = action === 'chat' ? unreadBadge(row.unreadMessages) : null;
  const icon = badge ? (
    <Badge badgeContent={badge} color="error" data-testid="chat-unread">
      <Icon fontSize="small" />
    </Badge>
  ) : (
    <Icon fontSize="small" />
  );
  if (refusal) {
    // A disabled button receives no pointer or focus events, so a tooltip on it never opens: the
    // focusable wrapper receives them and the reason describes it while shown.
    return (
      <Tooltip title={refusal} describeChild>
        <span tabIndex={0} style={{ display: 'inline-flex' }}>
          <IconButton size="small" aria-label={name} disabled>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={name} disabled={busy} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export interface RowActionsProps {
  row: MissionRow;
  actions: RowAction[];
  refusalOf: (row: MissionRow, action: RowAction) => string | null;
  onAction: (row: MissionRow, action: RowAction) => void;
  isBusy?: (action: RowAction) => boolean;
  justify: 'flex-start' | 'flex-end';
}

/** The row's buttons, wrapping onto more lines when their place is narrow. */
export function RowActions({ row, actions, refusalOf, onAction, isBusy, justify }: RowActionsProps) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.25, justifyContent: justify }}>
      {actions.map((action) => (
        <RowActionButton
          key={action}
          action={action}
          row={row}
          refusal={refusalOf(row, action)}
          busy={isBusy?.(action)}
          onClick={() => onAction(row, action)}
        />
      ))}
    </Stack>
  );
}
