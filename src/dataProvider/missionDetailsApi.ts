/**
 * The details and chat calls (docs/api.md: Mission request details, chat; base /api/missions) and the
 * private storage files, as typed extra methods of the data provider (docs/architecture.md).
 *
 * | method                  | call                                                              |
 * |-------------------------|-------------------------------------------------------------------|
 * | missionDetails          | GET request/id/{id}/details → MissionDetailsResponse (ours)        |
 * | addMissionItem          | POST {id}/{crudOption} (vehicles, ocurrencies, securityagents)     |
 * | updateMissionItem       | PUT {id}/{crudOption} {...values, createdAt}                       |
 * | deleteMissionItem       | DELETE {id}/{crudOption}?createdAt=                                |
 * | addMissionAttachment    | POST {id}/attachments (multipart: description, file)               |
 * | updateMissionAttachment | PUT {id}/attachments {createdAt, description}                      |
 * | deleteMissionAttachment | DELETE {id}/attachments?createdAt=                                 |
 * | missionChat             | GET {id}/chat → ChatMessage[] (oldest first)                       |
 * | sendChatMessage         | POST chat (multipart: missionRequest, type, message, file?)        |
 * | deleteChatMessage       | DELETE chat/{id}                                                   |
 * | missionFile             | GET /api/storage/mission/{attachments|chat}/{file} → Blob          |
 *
 * Uploads travel without an Idempotency-Key (and so without retries): a multipart body is not
 * replayed by the idempotency store, and a 10 MB file is not re-sent blindly.
 */
import { fillPath } from '../domain/endpointPaths';
import { ATTACHMENT_CONTRACTS } from '../domain/missionDetails/attachmentContracts';
import { CHAT_CONTRACTS } from '../domain/missionDetails/chatContracts';
import { STORAGE_CONTRACTS } from '../domain/storageContracts';
import {
  DETAILS_PATHS,
  type ChatMessage,
  type ChatType,
  type CrudOption,
  type MissionDetailsResponse,
} from '../domain/missionDetails';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

const itemPath = (id: string, crudOption: string) => `${encodeURIComponent(id)}/${encodeURIComponent(crudOption)}`;

export function createMissionDetailsApi(httpClient: HttpClient) {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Record<string, string>) =>
    (await httpClient<T>('missions', path, { method, body, query })).data;
  const upload = createCall(httpClient);

  return {
    missionDetails: (id: string) => call<MissionDetailsResponse>('GET', fillPath(DETAILS_PATHS.details, { id })),
    addMissionItem: (id: string, crudOption: CrudOption, values: object) =>
      call<MissionDetailsResponse>('POST', itemPath(id, crudOption), values),
    updateMissionItem: (id: string, crudOption: CrudOption, createdAt: string, values: object) =>
      call<MissionDetailsResponse>('PUT', itemPath(id, crudOption), { ...values, createdAt }),
    deleteMissionItem: (id: string, crudOption: CrudOption, createdAt: string) =>
      call<MissionDetailsResponse>('DELETE', itemPath(id, crudOption), undefined, { createdAt }),
    addMissionAttachment: (id: string, description: string, file: File) => {
      const form = new FormData();
      form.append('description', description);
      form.append('file', file);
      return upload(ATTACHMENT_CONTRACTS.add, { params: { id }, body: form, idempotencyKey: false });
    },
    updateMissionAttachment: (id: string, createdAt: string, description: string) =>
      call<MissionDetailsResponse>('PUT', itemPath(id, 'attachments'), { createdAt, description }),
    deleteMissionAttachment: (id: string, createdAt: string) =>
      call<MissionDetailsResponse>('DELETE', itemPath(id, 'attachments'), undefined, { createdAt }),
    missionChat: (id: string) => call<ChatMessage[]>('GET', fillPath(DETAILS_PATHS.chat, { id })),
    sendChatMessage: (message: { missionRequest: string; type: ChatType; message: string; file?: File | null }) => {
      const form = new FormData();
      form.append('missionRequest', message.missionRequest);
      form.append('type', message.type);
      form.append('message', message.message);
      if (message.file) form.append('file', message.file);
      return upload(CHAT_CONTRACTS.send, { body: form, idempotencyKey: false });
    },
    deleteChatMessage: (messageId: string) => call<{ _id: string }>('DELETE', fillPath(DETAILS_PATHS.chatOne, { id: messageId })),
    missionFile: async (kind: 'attachments' | 'chat', file: string) => {
      // Read as a Blob: the contract's answer is the stored file (src/domain/storageContracts.ts).
      const { base, path } = kind === 'attachments' ? STORAGE_CONTRACTS.attachment : STORAGE_CONTRACTS.chat;
      return (await httpClient<Blob>(base, fillPath(path, { file }), { responseType: 'blob' })).data;
    },
  };
}

export type MissionDetailsApi = ReturnType<typeof createMissionDetailsApi>;
