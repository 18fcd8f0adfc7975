/**
 * Who may see and who may bill each side of a mission's billing (docs/rules/billing.md
 * Billing, docs/rules/tenancy-and-roles.md), written once for the billing screen, the missions row
 * actions and the server.
 *
 * - The risk manager bills the shipper (what the client pays) and sees the provider side read-only.
 * - The provider holding the mission bills its own side and never sees the shipper side.
 * - Platform admins see both sides and bill neither (they act on no mission: stateMachine.ts).
 * - A side is final once billed: 'billed_shipper'/'billed' for the shipper, 'billed_provider'/'billed'
 *   for the provider. Only a finished or billed mission has billing at all.
 */
import type { SessionUser } from '../roles';
import { missionActor } from '../missions/stateMachine';
import type { MissionState } from '../missions/stateMachine';
import type { StoredMissionStatus } from '../missions/statuses';

export const BILLING_TARGETS = ['shipper', 'serviceProvider'] as const;
export type BillingTarget = (typeof BILLING_TARGETS)[number];

export const BILLING_TARGET_LABELS: Record<BillingTarget, string> = {
  shipper: 'Cliente',
  serviceProvider: 'Prestadora',
};

/** The status a side's finalisation records (docs/rules/billing.md). */
export const BILLED_STATUS_OF: Record<BillingTarget, 'billed_shipper' | 'billed_provider'> = {
  shipper: 'billed_shipper',
  serviceProvider: 'billed_provider',
};

const BILLABLE: readonly StoredMissionStatus[] = ['finished', 'billed_shipper', 'billed_provider', 'billed'];

/** Whether the mission has reached billing at all. */
export const hasBilling = (status: StoredMissionStatus): boolean => BILLABLE.includes(status);

/** Whether `target`'s side is final in `status` (docs/rules/billing.md). */
export function isBilledFor(status: StoredMissionStatus, target: BillingTarget): boolean {
  return status === 'billed' || status === BILLED_STATUS_OF[target];
}

/**
 * The mission status once `target` is billed: finished → that party's status; the other party
 * already billed → 'billed'. Null when the side cannot be billed from `status`.
 */
export function statusAfterBilling(status: StoredMissionStatus, target: BillingTarget): StoredMissionStatus | null {
  if (!hasBilling(status) || isBilledFor(status, target)) return null;
  return status === 'finished' ? BILLED_STATUS_OF[target] : 'billed';
}

/** 'edit' may change and finalise the side; 'view' reads it; 'none' may not know it exists. */
export type BillingAccess = 'edit' | 'view' | 'none';

type Viewer = Pick<SessionUser, 'role' | 'riskManager' | 'serviceProvider'>;
type BillingMission = Pick<MissionState, 'riskManager' | 'serviceProvider' | 'status'>;

export function billingAccess(viewer: Viewer, mission: BillingMission, target: BillingTarget): BillingAccess {
  if (!hasBilling(mission.status)) return 'none';
  const actor = missionActor(viewer, mission);
  const seen: BillingAccess =
    actor === 'admin' ? 'view'
    : actor === 'riskManager' ? (target === 'shipper' ? 'edit' : 'view')
    : actor === 'holder' && target === 'serviceProvider' ? 'edit'
    : 'none';
  return seen === 'edit' && isBilledFor(mission.status, target) ? 'view' : seen;
}
