/**
 * The details and chat calls (docs/api.md: Mission request details, chat; base /api/missions) and the
 * private storage files, as typed extra methods of the data provider (docs/architecture.md), each
 * made from its contract (src/domain/missionDetails/*Contracts.ts, src/domain/storageContracts.ts).
 *
 * | method                  | call                                                              |
 * |-------------------------|-------------------------------------------------------------------|
 * | missionDetails          | GET request/id/{id}/details → MissionDetailsResponse (ours)        |
 * | addMissionItem          | POST {id}/{crudOption} (vehicles, ocurrencies, securityagents)     |
 * | updateMissionItem       | PUT {id}/{crudOption} {...values, createdAt}                       |
 * | deleteMissionItem       | DELETE {id}/{crudOption}?createdAt=                                |
 * | addMissionAttachment    | POST {id}/attachments (multipart: description, capture?, file)     |
 * | updateMissionAttachment | PUT {id}/attachments {createdAt, description}                      |
 * | deleteMissionAttachment | DELETE {id}/attachments?createdAt=                                 |
 * | missionChat             | GET {id}/chat → ChatMessage[] (oldest first)                       |
 * | sendChatMessage         | POST chat (multipart: missionRequest, type, message, file?)        |
 * | deleteChatMessage       | DELETE chat/{id}                                                   |
 * | missionFile             | GET /api/storage/mission/{attachments|chat}/{file} → Blob          |
 *
 * Uploads travel without an Idempotency-Key (and so without retries), so a 10 MB file is not re-sent
 * blindly; the device's outbox gives one (docs/rules/field-app.md, "Nada se perde sem sinal"): the
 * server keeps the first answer under it, whatever the multipart body, so a replay after a dropped
 * connection is answered without storing the message or file twice.
 */
import { ATTACHMENT_CONTRACTS } from '../domain/missionDetails/attachmentContracts';
import { CHAT_CONTRACTS } from '../domain/missionDetails/chatContracts';
import { STORAGE_CONTRACTS } from '../domain/storageContracts';
import type { ChatType, CrudOption } from '../domain/missionDetails';
import { DETAILS_CONTRACTS } from '../domain/missionDetails/itemContracts';
import { createCall } from './call';
import { createFileCall } from './fileCall';
import type { HttpClient } from './httpClient';

/** An attachment's text fields: its description and, for a photo, when and where it was taken. */
export interface AttachmentFields {
  description: string;
  capturedAt?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export function createMissionDetailsApi(httpClient: HttpClient) {
  const contract = createCall(httpClient);
  const fileCall = createFileCall(httpClient);

  return {
    missionDetails: (id: string) => contract(DETAILS_CONTRACTS.details, { params: { id } }),
    addMissionItem: (id: string, crudOption: CrudOption, values: object, idempotencyKey?: string) =>
      contract(DETAILS_CONTRACTS.addItem, { params: { id, crudOption }, body: values, idempotencyKey }),
    // Nothing in the query string: the item is named in the body (?createdAt= serves a delete).
    updateMissionItem: (id: string, crudOption: CrudOption, createdAt: string, values: object, idempotencyKey?: string) =>
      contract(DETAILS_CONTRACTS.changeItem, { params: { id, crudOption }, query: {}, body: { ...values, createdAt }, idempotencyKey }),
    deleteMissionItem: (id: string, crudOption: CrudOption, createdAt: string) =>
      contract(DETAILS_CONTRACTS.removeItem, { params: { id, crudOption }, query: { createdAt } }),
    addMissionAttachment: (id: string, fields: AttachmentFields, file: File, idempotencyKey: string | false = false) => {
      const form = new FormData();
      form.append('description', fields.description);
      // A photo's capture (docs/rules/field-app.md, "Fotos do local"): sent only when known.
      if (fields.capturedAt) form.append('capturedAt', fields.capturedAt);
      if (fields.latitude != null && fields.longitude != null) {
        form.append('latitude', String(fields.latitude));
        form.append('longitude', String(fields.longitude));
      }
      form.append('file', file);
      return contract(ATTACHMENT_CONTRACTS.add, { params: { id }, body: form, idempotencyKey });
    },
    updateMissionAttachment: (id: string, createdAt: string, description: string) =>
      contract(ATTACHMENT_CONTRACTS.update, { params: { id }, body: { createdAt, description } }),
    deleteMissionAttachment: (id: string, createdAt: string) => contract(ATTACHMENT_CONTRACTS.remove, { params: { id }, query: { createdAt } }),
    missionChat: (id: string) => contract(CHAT_CONTRACTS.list, { params: { id } }),
    sendChatMessage: (message: { missionRequest: string; type: ChatType; message: string; file?: File | null }, idempotencyKey: string | false = false) => {
      const form = new FormData();
      form.append('missionRequest', message.missionRequest);
      form.append('type', message.type);
      form.append('message', message.message);
      if (message.file) form.append('file', message.file);
      return contract(CHAT_CONTRACTS.send, { body: form, idempotencyKey });
    },
    deleteChatMessage: (messageId: string) => contract(CHAT_CONTRACTS.remove, { params: { id: messageId } }),
    missionFile: async (kind: 'attachments' | 'chat', file: string) =>
      (await fileCall(kind === 'attachments' ? STORAGE_CONTRACTS.attachment : STORAGE_CONTRACTS.chat, { params: { file } })).data,
  };
}

export type MissionDetailsApi = ReturnType<typeof createMissionDetailsApi>;
