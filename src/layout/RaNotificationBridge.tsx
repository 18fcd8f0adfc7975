import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { session } from '../authProvider/session';
import { notify } from './notify';

/**
 * Passed to <Admin notification>: forwards react-admin's own notifications (save, delete, auth
 * errors) to notify(), so they share the app's position and durations (docs/rules/messages.md).
 * The app offers no undo: an undoable mutation is committed as soon as its notice is shown.
 * While the relogin dialog is up, error notices are dropped: the dialog already says what failed.
 */
export function RaNotificationBridge() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    const next = takeNotification();
    if (!next) return;
    const { message, type, notificationOptions = {} } = next;
    const { undoable, autoHideDuration } = notificationOptions;
    const messageArgs = notificationOptions.messageArgs as Record<string, unknown> | undefined;
    if (undoable) takeMutation()?.({ isUndo: false });
    if (type === 'error' && session.getState().isUnauthorized) return;
    const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
    notify(type, text, autoHideDuration === undefined ? {} : { duration: autoHideDuration });
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
