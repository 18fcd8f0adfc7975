/**
 * A missions-service write with the spec's toasts: a loading toast when the spec has one, then the
 * success or failure text in its place; the missions table refetches after a success. One
 * Idempotency-Key per confirmed action, so a retried request is still one change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { notify } from '../../layout/notify';

export interface MissionMutationTexts {
  loading?: string;
  success: string;
  /** Absent: the caller shows the failure itself (a form putting messages under its fields). */
  failure?: string;
}

export function useMissionMutation<V>(run: (vars: V, idempotencyKey: string) => Promise<unknown>, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ vars, texts }: { vars: V; texts: MissionMutationTexts }) => {
      const toastId = texts.loading ? notify.loading(texts.loading) : undefined;
      try {
        await run(vars, newIdempotencyKey());
      } catch (error) {
        if (texts.failure) notify.error(texts.failure, { id: toastId });
        else if (toastId) notify.dismiss(toastId);
        throw error;
      }
      notify.success(texts.success, { id: toastId });
    },
    onSuccess: async () => {
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: ['missions'] });
    },
  });
}
