/**
 * A missions-service write with the product's toasts: a loading toast when the action has one, then the
 * success or failure text in its place; the missions table refetches after a success. One
 * Idempotency-Key per confirmed action, so a retried request is still one change, and one write at
 * a time (useOneSubmission), so a double click is still one request. A field action the device's
 * outbox kept for later (`call` answers KEPT_ON_DEVICE) says so instead of the success text.
 */
import { useQueryClient } from '@tanstack/react-query';
import { isHttpError } from '../../dataProvider/HttpError';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { MISSION_STATUS_NOT_UPDATED } from '../../domain/missions';
import { notify } from '../../layout/notify';
import { OUTBOX_KEPT } from '../../layout/OutboxNotice';
import { KEPT_ON_DEVICE } from '../../layout/OutboxProvider';
import { useOneSubmission } from '../../layout/useOneSubmission';

export interface MissionMutationTexts {
  loading?: string;
  success: string;
  /** Absent: the caller shows the failure itself (a form putting messages under its fields), so `run` rejects. */
  failure?: string;
  /** The server's reason follows the failure text (a finish refused for an agent's missing readings says whose). */
  withReason?: boolean;
}

/**
 * The failure text, and the server's reason when it gives one beyond "not from this state" (a
 * finish refused for an agent's missing readings says whose: docs/rules/field-app.md).
 */
function withReason(failure: string, error: unknown): string {
  const reason = isHttpError(error) && error.status === 409 ? error.message : null;
  return reason && reason !== MISSION_STATUS_NOT_UPDATED && reason !== failure ? `${failure}: ${reason}` : failure;
}

/**
 * `run(vars, texts)` resolves true once written, false when it failed with `texts.failure` shown
 * (rejects instead when there is no such text), undefined when a write of this hook was still in
 * flight and the call was dropped. `pending` while it runs.
 */
export function useMissionMutation<V>(call: (vars: V, idempotencyKey: string) => Promise<unknown>, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useOneSubmission(async (vars: V, texts: MissionMutationTexts): Promise<boolean> => {
    const toastId = texts.loading ? notify.loading(texts.loading) : undefined;
    let answer: unknown;
    try {
      answer = await call(vars, newIdempotencyKey());
    } catch (error) {
      if (!texts.failure) {
        if (toastId) notify.dismiss(toastId);
        throw error;
      }
      notify.error(texts.withReason ? withReason(texts.failure, error) : texts.failure, { id: toastId });
      return false;
    }
    if (answer === KEPT_ON_DEVICE) {
      // A field action without signal (docs/rules/field-app.md): it waits on the device, the dialog closes.
      notify.warning(OUTBOX_KEPT, { id: toastId });
      onDone?.();
      return true;
    }
    notify.success(texts.success, { id: toastId });
    onDone?.();
    await queryClient.invalidateQueries({ queryKey: ['missions'] });
    return true;
  });
}
