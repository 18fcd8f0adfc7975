/**
 * The field actions the device's outbox holds while there is no signal (docs/rules/field-app.md,
 * "Nada se perde sem sinal"), each as plain data IndexedDB can keep (a file as its Blob), and how
 * each is sent: through the same data provider call the screen makes, with the entry's
 * Idempotency-Key.
 */
import type { CrudOption } from '../domain/missionDetails';
import { OCCURRENCE_TYPE_LABELS } from '../domain/missionDetails';
import type { ProposalFormValues } from '../domain/schemas';
import type { AttachmentFields, MissionDetailsApi } from './missionDetailsApi';
import type { MissionsApi } from './missionsApi';
import type { AlarmsApi } from './alarmsApi';

/** `reference`: the mission as its screens name it (process number, else id), for the lists of waiting actions. */
export type OutboxAction =
  | { readonly kind: 'chatMessage'; readonly missionId: string; readonly message: string; readonly file: Blob | null; readonly fileName: string | null }
  /** A new item, or the edit of the item created at `createdAt` (an agent's next reading is one). */
  | { readonly kind: 'missionItem'; readonly missionId: string; readonly collection: CrudOption; readonly values: Record<string, unknown>; readonly createdAt?: string }
  /** The provider's proposal: a new one, or its own `proposalId` completed or changed. */
  | { readonly kind: 'proposal'; readonly missionId: string; readonly reference: string; readonly proposalId: string | null; readonly values: ProposalFormValues }
  | {
      readonly kind: 'attachment';
      readonly missionId: string;
      readonly fields: AttachmentFields;
      readonly file: Blob;
      readonly fileName: string;
    }
  | { readonly kind: 'searchNotice' | 'askFinish'; readonly missionId: string; readonly reference: string }
  /** The team's SOS (docs/rules/alarms.md), with where the phone was when it was pressed, when it knew. */
  | { readonly kind: 'sos'; readonly missionId: string; readonly reference: string; readonly latitude: number | null; readonly longitude: number | null };

/** Sends one action with `key`; resolves to the server's answer. */
export type OutboxSender = (action: OutboxAction, key: string) => Promise<unknown>;

type SenderApi = Pick<MissionDetailsApi, 'sendChatMessage' | 'addMissionItem' | 'updateMissionItem' | 'addMissionAttachment'> &
  Pick<MissionsApi, 'createProposal' | 'updateProposal' | 'askMissionFinish'> &
  Pick<AlarmsApi, 'raiseSos'>;

export const outboxSender =
  (api: SenderApi): OutboxSender =>
  (action, key) => {
    const options = { idempotencyKey: key };
    switch (action.kind) {
      case 'chatMessage': {
        const file = action.file && new File([action.file], action.fileName ?? 'arquivo', { type: action.file.type });
        return api.sendChatMessage({ missionRequest: action.missionId, type: 'mission_chat', message: action.message, file }, key);
      }
      case 'missionItem':
        return action.createdAt === undefined
          ? api.addMissionItem(action.missionId, action.collection, action.values, key)
          : api.updateMissionItem(action.missionId, action.collection, action.createdAt, action.values, key);
      case 'proposal':
        return action.proposalId === null
          ? api.createProposal({ missionRequest: action.missionId, status: 'completed', ...action.values }, options)
          : api.updateProposal(action.proposalId, action.values, options);
      case 'searchNotice':
        return api.createProposal({ missionRequest: action.missionId, status: 'pending' }, options);
      case 'askFinish':
        return api.askMissionFinish(action.missionId, options);
      case 'sos':
        return api.raiseSos(action.missionId, { latitude: action.latitude, longitude: action.longitude }, key);
      case 'attachment':
        return api.addMissionAttachment(action.missionId, action.fields, new File([action.file], action.fileName, { type: action.file.type }), key);
    }
  };

/**
 * An action that never waits behind the others: the team's SOS goes out at once even while older
 * actions wait, and first when the signal returns (the order of the rest is kept).
 */
export const urgentAction = (action: OutboxAction) => action.kind === 'sos';

/** Whether 'Editar' can take the refused action back to a form (a search notice, a finish request or an SOS has none). */
export const editableAction = (action: OutboxAction) => action.kind !== 'searchNotice' && action.kind !== 'askFinish' && action.kind !== 'sos';

const ITEM_NOUNS: Record<CrudOption, string> = { vehicles: 'Veículo', ocurrencies: 'Ocorrência', securityagents: 'Agente' };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** How the action reads in the lists of waiting and refused actions. */
export function outboxActionLabel(action: OutboxAction): string {
  switch (action.kind) {
    case 'chatMessage':
      return `Mensagem no chat: ${action.message || action.fileName || 'arquivo'}`;
    case 'missionItem': {
      const type = OCCURRENCE_TYPE_LABELS[text(action.values.type) as keyof typeof OCCURRENCE_TYPE_LABELS];
      const what = action.collection === 'ocurrencies' ? [type, text(action.values.description)] : [text(action.values.name)];
      const noun = ITEM_NOUNS[action.collection];
      return `${action.createdAt === undefined ? noun : `${noun} (alteração)`}: ${what.filter(Boolean).join(' — ')}`;
    }
    case 'attachment':
      return `Anexo: ${action.fields.description || action.fileName}`;
    case 'proposal':
      return `Proposta da missão ${action.reference}: chegada em ${action.values.eta.time}, ${action.values.eta.distanceInKm} km`;
    case 'searchNotice':
      return `Aviso de busca da missão ${action.reference}`;
    case 'askFinish':
      return `Solicitação de finalização da missão ${action.reference}`;
    case 'sos':
      return `SOS da missão ${action.reference}`;
  }
}
