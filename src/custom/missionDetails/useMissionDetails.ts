import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import { useCallback } from 'react';
import type { AppDataProvider } from '../../dataProvider';
import { detailsToasts, type DetailsOperation, type MissionDetailsResponse, type SubCollection } from '../../domain/missionDetails';
import { notify } from '../../layout/notify';

export const detailsKey = (id: string) => ['missionDetails', id] as const;

/** The mission's details (sub-collections and the mission summary), shared by the details and chat screens. */
export function useMissionDetails(id: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: detailsKey(id), queryFn: () => dataProvider.missionDetails(id), retry: false });
}

/** The mission's row (GET request/id/{id}), which the details and chat screens' header shows. */
export function useMissionRow(id: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['missions', 'one', id], queryFn: ({ signal }) => dataProvider.missionById(id, signal), retry: false });
}

/**
 * Runs one write with the product's loading, success and failure toasts (docs/rules/messages.md), then
 * shows the
 * details the server answered. Resolves true on success (the form closes), false on failure.
 */
export function useDetailsWrite(id: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (collection: SubCollection, operation: DetailsOperation, call: () => Promise<MissionDetailsResponse>): Promise<boolean> => {
      const texts = detailsToasts(collection, operation);
      const toast = notify.loading(texts.loading);
      try {
        queryClient.setQueryData(detailsKey(id), await call());
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
