/**
 * The billing screen's server state (TanStack Query over the data provider, like the details
 * screen): the mission's billing, and the save and finalize writes with the product's toasts. A write
 * answers the side as saved, which replaces the cached one; finalizing also moves the mission's
 * status, so the missions table is refetched.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { AppDataProvider } from '../../dataProvider';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import type { BillingTarget, BillingValues, MissionBilling, MissionBillingSide } from '../../domain/billing';
import { BILLING_UPDATE_FAILED, BILLING_UPDATED } from '../../domain/billing/messages';
import type { StoredMissionStatus } from '../../domain/missions/statuses';
import { notify } from '../../layout/notify';

export const missionBillingKey = (missionId: string) => ['missionBilling', missionId] as const;

export function useMissionBilling(missionId: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: missionBillingKey(missionId),
    queryFn: ({ signal }) => dataProvider.missionBilling(missionId, signal),
    retry: false,
  });
}

export type BillingWrite = 'save' | 'finalize';

/**
 * Save (PUT) or finalize one side. Failures toast the product's text and reject, so the form keeps
 * what was typed and can place a 400's messages under its fields. A refusal other than a
 * validation (409: billed meanwhile, 403) refetches, so the screen shows the side as it now is.
 */
export function useBillingWrite(missionId: string, target: BillingTarget) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const key = missionBillingKey(missionId);
  const replaceSide = (side: MissionBillingSide, missionStatus?: StoredMissionStatus) =>
    queryClient.setQueryData<MissionBilling>(key, (old) =>
      old ? { ...old, [target]: side, missionStatus: missionStatus ?? old.missionStatus } : old,
    );

  return useMutation({
    mutationFn: async ({ kind, sideId, values }: { kind: BillingWrite; sideId: string; values: BillingValues }) => {
      const options = { idempotencyKey: newIdempotencyKey() };
      if (kind === 'save') {
        replaceSide(await dataProvider.saveBilling(sideId, values, options));
        return;
      }
      const answer = await dataProvider.finalizeBilling(sideId, values, options);
      replaceSide(answer.side, answer.missionStatus);
      await queryClient.invalidateQueries({ queryKey: ['missions'] });
    },
    onSuccess: () => notify.success(BILLING_UPDATED),
    onError: async (error) => {
      notify.error(BILLING_UPDATE_FAILED);
      const status = (error as { status?: unknown }).status;
      if (status === 403 || status === 409) await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
