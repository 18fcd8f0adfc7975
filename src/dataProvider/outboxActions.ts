/**
 * The field actions the device's outbox holds while there is no signal (docs/rules/field-app.md,
 * "Nada se perde sem sinal"), each as plain data IndexedDB can keep (a file as its Blob), and how
 * each is sent: through the same data provider call the screen makes, with the entry's
 * Idempotency-Key.
 */
import type { CrudOption } from '../domain/missionDetails';
import { OCCURRENCE_TYPE_LABELS } from '../domain/missionDetails';
import type { AttachmentFields, MissionDetailsApi } from './missionDetailsApi';

export type OutboxAction =
  | { readonly kind: 'chatMessage'; readonly missionId: string; readonly message: string; readonly file: Blob | null; readonly fileName: string | null }
  | { readonly kind: 'missionItem'; readonly missionId: string; readonly collection: CrudOption; readonly values: Record<string, unknown> }
  | {
      readonly kind: 'attachment';
      readonly missionId: string;
      readonly fields: AttachmentFields;
      readonly file: Blob;
      readonly fileName: string;
    };

/** Sends one action with `key`; resolves to the server's answer. */
export type OutboxSender = (action: OutboxAction, key: string) => Promise<unknown>;

export const outboxSender =
  (api: Pick<MissionDetailsApi, 'sendChatMessage' | 'addMissionItem' | 'addMissionAttachment'>): OutboxSender =>
  (action, key) => {
    switch (action.kind) {
      case 'chatMessage': {
        const file = action.file && new File([action.file], action.fileName ?? 'arquivo', { type: action.file.type });
        return api.sendChatMessage({ missionRequest: action.missionId, type: 'mission_chat', message: action.message, file }, key);
      }
      case 'missionItem':
        return api.addMissionItem(action.missionId, action.collection, action.values, key);
      case 'attachment':
        return api.addMissionAttachment(action.missionId, action.fields, new File([action.file], action.fileName, { type: action.file.type }), key);
    }
  };

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
      return `${ITEM_NOUNS[action.collection]}: ${what.filter(Boolean).join(' — ')}`;
    }
    case 'attachment':
      return `Anexo: ${action.fields.description || action.fileName}`;
  }
}
