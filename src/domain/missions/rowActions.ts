/**
 * Row actions of the missions table by viewer and status (docs/rules/missions.md). The
 * status-changing ones are offered only when decideTransition would allow them, so the screen never
 * shows a usable button the server refuses; the one the row lists but the workflow refuses (Reabrir
 * on a billed mission) is shown refused, with its reason (rowActionRefusal).
 */
import { billingAccess } from '../billing/access';
import type { SessionUser } from '../roles';
import { REOPEN_BILLED_REFUSED } from './messages';
import type { MissionRow } from './types';
import { BILLED_STATUSES, type MissionStatus } from './statuses';
import { decideTransition, missionActor, type MissionAction, type MissionActor } from './stateMachine';

export const ROW_ACTIONS = [
  'map',
  'searchProvider',
  'cancelSearch',
  'sendProposal',
  'proposals',
  'cancel',
  'chat',
  'details',
  'finish',
  'askFinish',
  'cancelFinish',
  'reopen',
  'billingShipper',
  'billingProvider',
  'report',
  'share',
  'timeline',
] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

const isBilled = (status: MissionStatus) => (BILLED_STATUSES as readonly string[]).includes(status);

type Viewer = Pick<SessionUser, 'role' | 'riskManager' | 'serviceProvider'>;

/** The actions `viewer` gets on `row`, in the order the row shows them. */
export function rowActions(row: MissionRow, viewer: Viewer): RowAction[] {
  const actor: MissionActor = missionActor(viewer, row);
  if (actor === 'none') return [];
  const actions: RowAction[] = [];
  const status = row.storedStatus;
  // A provider's lost mission (shown 'rejected', no stored status: competition.ts) is no longer its
  // business but for its history.
  if (row.status === 'rejected' || status === null) return ['timeline'];
  const can = (action: MissionAction) => decideTransition({ ...row, status }, action, actor).ok;
  if (status === 'open') {
    actions.push('map');
    if (actor === 'provider') {
      actions.push(row.ownProposal ? 'cancelSearch' : 'searchProvider', 'sendProposal');
    }
    if (actor !== 'provider' || row.ownProposal) actions.push('proposals');
  }
  if (status === 'started') actions.push('map', 'chat', 'details');
  if (status === 'finished' || isBilled(status)) {
    actions.push('chat', 'details');
    // The same rule as the billing screen (billing/access.ts): the provider sees only its own side.
    if (billingAccess(viewer, { ...row, status }, 'shipper') !== 'none') actions.push('billingShipper');
    if (billingAccess(viewer, { ...row, status }, 'serviceProvider') !== 'none') actions.push('billingProvider');
    actions.push('report');
  }
  for (const action of ['finish', 'askFinish', 'cancelFinish', 'reopen', 'cancel'] as const) {
    if (can(action) || rowActionRefusal(row, viewer, action)) actions.push(action);
  }
  // 'Compartilhar acompanhamento': the risk manager shows the shipper's people a mission still in
  // motion (src/domain/tracking); providers never share what they hold.
  if (actor === 'riskManager' && (status === 'open' || status === 'started')) actions.push('share');
  actions.push('timeline');
  return actions;
}

/**
 * Why `viewer` sees `action` on `row` but may not use it, or null when it may. docs/rules/missions.md
 * lists Reabrir
 * for finished or any billed mission, but the workflow reopens finished ones only (stateMachine.ts:
 * a billed invoice is final). The risk manager, who reopens, sees it disabled on billed rows with
 * this reason instead of looking for a missing button.
 */
export function rowActionRefusal(row: MissionRow, viewer: Viewer, action: RowAction): string | null {
  if (action === 'reopen' && row.storedStatus !== null && isBilled(row.storedStatus) && missionActor(viewer, row) === 'riskManager') return REOPEN_BILLED_REFUSED;
  return null;
}

/** Report kinds (docs/rules/missions.md): a risk manager extracts all three; a provider its own and the simple one. */
export const REPORT_KINDS = ['shipper', 'provider', 'simple'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  shipper: 'Cliente',
  provider: 'Prestadora',
  simple: 'Atendimento',
};
export function reportKindsFor(viewer: Viewer): ReportKind[] {
  return viewer.role.type === 'service_provider' ? ['provider', 'simple'] : [...REPORT_KINDS];
}

/** The unread count the server stops at: enough to tell "more than 99" (docs/rules/missions.md: badge capped at 99+). */
export const UNREAD_COUNT_CAP = 100;

/** The chat action's badge (docs/rules/missions.md, shared interface pieces): hidden at 0, '99+' beyond 99. */
export const unreadBadge = (count: number): string | null => (count <= 0 ? null : count > 99 ? '99+' : String(count));
