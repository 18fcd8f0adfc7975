/**
 * One row action as an icon button named and tooltipped by its label (the chat one with its unread
 * badge). A refused action (rowActionRefusal) is disabled and its tooltip gives the reason.
 */
import { Badge, IconButton, Tooltip } from '@mui/material';
import { unreadBadge, type RowAction } from '../../domain/missions';
import { ROW_ACTION_ICONS, ROW_ACTION_LABELS } from './rowActionLabels';

export interface RowActionButtonProps {
  action: RowAction;
  /** Why the action may not be used now, or null. */
  refusal: string | null;
  unreadMessages: number;
  onClick: () => void;
}

export function RowActionButton({ action, refusal, unreadMessages, onClick }: RowActionButtonProps) {
  const Icon = ROW_ACTION_ICONS[action];
  const label = ROW_ACTION_LABELS[action];
  const badge = action === 'chat' ? unreadBadge(unreadMessages) : null;
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
          <IconButton size="small" aria-label={label} disabled>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
