import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import { useCallback } from 'react';
import type { AppDataProvider } from '../../dataProvider';
import type { AttachmentFields } from '../../dataProvider/missionDetailsApi';
import { detailsToasts, type CrudOption, type DetailsOperation, type MissionDetailsResponse, type SubCollection } from '../../domain/missionDetails';
import { notify } from '../../layout/notify';
import { OUTBOX_KEPT } from '../../layout/OutboxNotice';
import { KEPT_ON_DEVICE, useOutboxSent, useOutboxSubmit } from '../../layout/OutboxProvider';

export const detailsKey = (id: string) => ['missionDetails', id] as const;

/** The mission's details (sub-collections and the mission summary), shared by the details and chat screens. */
export function useMissionDetails(id: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: detailsKey(id), queryFn: () => dataProvider.missionDetails(id), retry: false });
}

/** The mission's row (GET request/id/{id}), which the details and chat screens' header shows; read only when `enabled`. */
export function useMissionRow(id: string, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['missions', 'one', id], queryFn: ({ signal }) => dataProvider.missionById(id, signal), retry: false, enabled });
}

/**
 * Runs one write with the product's loading, success and failure toasts (docs/rules/messages.md), then
 * shows the
 * details the server answered. Resolves true on success (the form closes), false on failure. A write
 * the device's outbox kept for later (`call` resolves null, docs/rules/field-app.md) closes the form
 * too, and says it waits for the connection.
 */
export function useDetailsWrite(id: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (collection: SubCollection, operation: DetailsOperation, call: () => Promise<MissionDetailsResponse | null>): Promise<boolean> => {
      const texts = detailsToasts(collection, operation);
      const toast = notify.loading(texts.loading);
      try {
        const answer = await call();
        if (answer === null) {
          notify.warning(OUTBOX_KEPT, { id: toast });
          return true;
        }
        queryClient.setQueryData(detailsKey(id), answer);
        notify.success(texts.success, { id: toast });
        return true;
      } catch {
        notify.error(texts.failure, { id: toast });
        return false;
      }
    },
    [id, queryClient],
  );
}

/**
 * Adds an item, or edits the one created at `createdAt`, through the device's outbox
 * (docs/rules/field-app.md, "Nada se perde sem sinal"): without signal it waits on the device
 * (null), else the details the server answered. The details are read again whenever a replay
 * delivers one of this mission's actions.
 */
export function useQueuedItemWrite(id: string) {
  const submit = useOutboxSubmit();
  const queryClient = useQueryClient();
  useOutboxSent(id, () => void queryClient.invalidateQueries({ queryKey: detailsKey(id) }));
  return useCallback(
    async (collection: CrudOption, values: object, createdAt?: string): Promise<MissionDetailsResponse | null> => {
      const answer = await submit({ kind: 'missionItem', missionId: id, collection, values: { ...values }, ...(createdAt === undefined ? {} : { createdAt }) });
      // The answer of the add or edit call this action is sent with (outboxSender): the mission's details.
      return answer === KEPT_ON_DEVICE ? null : (answer as MissionDetailsResponse);
    },
    [submit, id],
  );
}

/**
 * Adds an attachment through the device's outbox, the file kept in IndexedDB with it while there is
 * no signal (null), else the details the server answered. The screen that calls it also calls
 * useQueuedItemWrite, which reads the details again when a replay delivers it.
 */
export function useQueuedAttachment(id: string) {
  const submit = useOutboxSubmit();
  return useCallback(
    async (fields: AttachmentFields, file: File): Promise<MissionDetailsResponse | null> => {
      const answer = await submit({ kind: 'attachment', missionId: id, fields: { ...fields }, file, fileName: file.name });
      return answer === KEPT_ON_DEVICE ? null : (answer as MissionDetailsResponse);
    },
    [submit, id],
  );
}
