/**
 * The mission workflow (docs/rules/missions.md), written once: the server decides every
 * status change with `decideTransition` and the missions screen offers a row action only when the
 * same function would allow it (rowActions.ts).
 *
 * Actors are relative to one mission: its risk manager's users ('riskManager'), the provider
 * holding it ('holder'), another provider of the same risk manager ('provider'). Platform admins
 * ('admin') see every mission but act on none: the tenant runs its own operation, and an action by
 * the platform would bypass the tenant's audit of who did what.
 */
import type { SessionUser } from '../roles';
import { FINISH_ASKED, FINISH_REQUEST_CANCELED, FINISH_REQUEST_FAILED } from './messages';
import type { StoredMissionStatus } from './statuses';

export type MissionActor = 'riskManager' | 'holder' | 'provider' | 'admin' | 'none';

export const MISSION_ACTIONS = ['accept', 'finish', 'cancel', 'reopen', 'askFinish', 'cancelFinish'] as const;
export type MissionAction = (typeof MISSION_ACTIONS)[number];

/** What the workflow needs of a mission. */
export interface MissionState {
  riskManager: string;
  status: StoredMissionStatus;
  serviceProvider: string | null;
  finishingAsked: boolean;
}

interface Rule {
  actors: readonly MissionActor[];
  from: readonly StoredMissionStatus[];
  /** The finish-request flag the mission must have, when the rule depends on it. */
  finishingAsked?: boolean;
  /** The status after the action (absent: unchanged). */
  to?: StoredMissionStatus;
  /** The finish-request flag after the action. */
  setsFinishingAsked: boolean;
}

/**
 * The whole graph. Reopening is allowed from `finished` only: once any party is billed the
 * invoice is final, and reopening would let the odometers that priced it change afterwards.
 */
const RULES: Record<MissionAction, Rule> = {
  accept: { actors: ['riskManager'], from: ['open'], to: 'started', setsFinishingAsked: false },
  finish: { actors: ['holder'], from: ['started'], to: 'finished', setsFinishingAsked: false },
  cancel: { actors: ['riskManager'], from: ['open', 'started'], to: 'canceled', setsFinishingAsked: false },
  reopen: { actors: ['riskManager'], from: ['finished'], to: 'started', setsFinishingAsked: false },
  askFinish: { actors: ['holder'], from: ['started'], finishingAsked: false, setsFinishingAsked: true },
  cancelFinish: { actors: ['riskManager', 'holder'], from: ['started'], finishingAsked: true, setsFinishingAsked: false },
};

export type TransitionDecision =
  | { ok: true; status: StoredMissionStatus; finishingAsked: boolean }
  /** forbidden → 403 (not this actor's action); conflict → 409 (not from this state). */
  | { ok: false; reason: 'forbidden' | 'conflict' };

export function decideTransition(mission: MissionState, action: MissionAction, actor: MissionActor): TransitionDecision {
  const rule = RULES[action];
  if (!rule.actors.includes(actor)) return { ok: false, reason: 'forbidden' };
  if (!rule.from.includes(mission.status)) return { ok: false, reason: 'conflict' };
  if (rule.finishingAsked !== undefined && rule.finishingAsked !== mission.finishingAsked) {
    return { ok: false, reason: 'conflict' };
  }
  return { ok: true, status: rule.to ?? mission.status, finishingAsked: rule.setsFinishingAsked };
}

/** The caller's relation to one mission. */
export function missionActor(
  user: Pick<SessionUser, 'role' | 'riskManager' | 'serviceProvider'>,
  mission: Pick<MissionState, 'riskManager' | 'serviceProvider'>,
): MissionActor {
  if (user.role.type === 'admin') return user.riskManager === null ? 'admin' : 'none';
  if (user.riskManager !== mission.riskManager) return 'none';
  if (user.role.type === 'risk_manager') return 'riskManager';
  if (user.serviceProvider === null) return 'none';
  return user.serviceProvider === mission.serviceProvider ? 'holder' : 'provider';
}

/**
 * The status sent to PUT request/{id}/status (docs/api.md: body {missionRequest, serviceProvider?,
 * status}) as an action: 'started' accepts an open mission and reopens a finished one.
 */
export const STATUS_CHANGE_TARGETS = ['started', 'finished', 'canceled'] as const;
export type StatusChangeTarget = (typeof STATUS_CHANGE_TARGETS)[number];

export function actionForStatusChange(current: StoredMissionStatus, target: StatusChangeTarget): MissionAction {
  if (target === 'finished') return 'finish';
  if (target === 'canceled') return 'cancel';
  return current === 'open' ? 'accept' : 'reopen';
}

/**
 * Proposals (docs/rules/missions.md): a provider of the mission's risk manager proposes while the mission is
 * open; only the proposing provider changes or removes its proposal.
 */
export function canPropose(mission: Pick<MissionState, 'status'>, actor: MissionActor): boolean {
  return mission.status === 'open' && actor === 'provider';
}

/**
 * Status-change texts (docs/rules/missions.md): the confirmation modal asks '{verb} a missão?' and the
 * toasts say
 * 'Missão {past} com sucesso' / 'Ocorreu um erro ao tentar {verb} a missão'.
 */
export const STATUS_CHANGE_TEXTS: Record<Exclude<MissionAction, 'accept'>, { verb: string; past: string }> = {
  reopen: { verb: 'Reabrir', past: 'reaberta' },
  finish: { verb: 'Finalizar', past: 'finalizada' },
  askFinish: { verb: 'Solicitar Finalização da', past: 'solicitada' },
  cancelFinish: { verb: 'Cancelar solicitação de finalização da', past: 'cancelada' },
  cancel: { verb: 'Cancelar', past: 'cancelada' },
};

type StatusAction = 'reopen' | 'finish' | 'cancel';
const FINISH_REQUEST_SUCCESS: Record<'askFinish' | 'cancelFinish', string> = {
  askFinish: FINISH_ASKED,
  cancelFinish: FINISH_REQUEST_CANCELED,
};

/** The success toast of an action (docs/rules/messages.md): 'Missão {past} com sucesso' or the finishing texts. */
export function missionChangedMessage(action: Exclude<MissionAction, 'accept'>): string {
  if (action === 'askFinish' || action === 'cancelFinish') return FINISH_REQUEST_SUCCESS[action];
  return `Missão ${STATUS_CHANGE_TEXTS[action satisfies StatusAction].past} com sucesso`;
}

/** The failure toast (docs/rules/messages.md): 'Ocorreu um erro ao tentar {verb} a missão' or the finishing one. */
export function missionChangeFailedMessage(action: Exclude<MissionAction, 'accept'>): string {
  if (action === 'askFinish' || action === 'cancelFinish') return FINISH_REQUEST_FAILED;
  return `Ocorreu um erro ao tentar ${STATUS_CHANGE_TEXTS[action satisfies StatusAction].verb.toLowerCase()} a missão`;
}
