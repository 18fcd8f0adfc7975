import { AttachFile, Delete, Image, PictureAsPdf } from '@mui/icons-material';
import { alpha, Box, Button, Chip, Dialog, DialogActions, DialogTitle, IconButton, Typography, type Theme } from '@mui/material';
import { useState } from 'react';
import { CHAT_DELETE_CANCEL, CHAT_DELETE_CONFIRM, CHAT_DELETE_TITLE, fileTypeLabel, type ChatAttachment, type ChatMessage } from '../../domain/missionDetails';
import { formatDateTime } from '../../domain/validators/dates';
import { ActionButton } from '../../layout/ActionButton';
import { OUTBOX_REFUSED, OUTBOX_WAITING } from '../../layout/OutboxNotice';

interface Props {
  message: ChatMessage;
  /** Sender equals the user's role type (docs/rules/missions.md): the bubble sits on the right. */
  own: boolean;
  /** Only the sender deletes (docs/rules/tenancy-and-roles.md), and only while the chat is writable. */
  deletable: boolean;
  /** Resolves once the message is deleted (or the failure was shown). */
  onDelete: () => Promise<void>;
  onOpenFile: (file: string) => void;
  /** A file of the chat is being opened: the attachment chips wait. */
  openingFile: boolean;
}

/** The file's own name and what it is ('nota.pdf · PDF'); files sent before names were kept show their type. */
const attachmentLabel = (attachment: ChatAttachment) => {
  const type = fileTypeLabel(attachment.mime);
  return attachment.name ? `${attachment.name} · ${type}` : type;
};

/**
 * Own bubbles: a light tint of the brand's colour over the page, so the page's own text colours
 * (message, sender line, attachment chip) keep WCAG AA contrast in light and dark mode, whatever
 * the brand colour; its solid light shade did not (3.3:1 for the sender line on the default orange).
 */
const ownBubble = (theme: Theme) => alpha(theme.palette.primary.main, 0.12);

/**
 * One message: own ones on the right (max 75% wide) with a delete shown on hover (transparent,
 * not hidden, so a keyboard can still reach it) and its confirmation.
 */
export function ChatBubble({ message, own, deletable, onDelete, onOpenFile, openingFile }: Props) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Box
      data-testid="chat-bubble"
      data-own={own}
      sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start', '&:hover .chat-delete, & .chat-delete:focus-visible': { opacity: 1 } }}
    >
      <Box sx={{ maxWidth: '75%', p: 1, borderRadius: 2, bgcolor: own ? ownBubble : 'action.hover', position: 'relative' }}>
        <Typography variant="caption" color="text.secondary">
          {message.senderName} · {formatDateTime(message.createdAt)}
        </Typography>
        {message.message && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.message}</Typography>}
        {message.attachment && (
          <Chip
            icon={message.attachment.mime === 'application/pdf' ? <PictureAsPdf /> : <Image />}
            label={attachmentLabel(message.attachment)}
            title={attachmentLabel(message.attachment)}
            onClick={() => message.attachment && onOpenFile(message.attachment.file)}
            disabled={openingFile}
            size="small"
            sx={{ mt: 0.5, maxWidth: '100%' }}
          />
        )}
        {deletable && (
          <IconButton className="chat-delete" size="small" aria-label="Excluir mensagem" onClick={() => setConfirming(true)} sx={{ opacity: 0, position: 'absolute', top: 0, left: -36 }}>
            <Delete fontSize="small" />
          </IconButton>
        )}
      </Box>
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)}>
          <DialogTitle>{CHAT_DELETE_TITLE}</DialogTitle>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>{CHAT_DELETE_CANCEL}</Button>
            <ActionButton
              color="error"
              variant="contained"
              onClick={async () => {
                await onDelete();
                setConfirming(false);
              }}
            >
              {CHAT_DELETE_CONFIRM}
            </ActionButton>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}

/**
 * A message typed without signal, still on the device (docs/rules/field-app.md): on the sender's
 * side, marked 'Aguardando conexão' — or, when the server refused it, with the server's message
 * (the frame's notice offers to edit or discard it).
 */
export function QueuedBubble({ message, fileName, rejection }: { message: string; fileName: string | null; rejection: string | null }) {
  return (
    <Box data-testid="chat-queued" sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Box sx={{ maxWidth: '75%', p: 1, borderRadius: 2, bgcolor: ownBubble, border: 1, borderStyle: 'dashed', borderColor: rejection ? 'error.main' : 'divider' }}>
        <Typography variant="caption" color={rejection ? 'error' : 'text.secondary'}>
          {rejection ? `${OUTBOX_REFUSED}: ${rejection}` : OUTBOX_WAITING}
        </Typography>
        {message && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message}</Typography>}
        {fileName && <Chip icon={<AttachFile />} label={fileName} size="small" sx={{ mt: 0.5, maxWidth: '100%' }} />}
      </Box>
    </Box>
  );
}
