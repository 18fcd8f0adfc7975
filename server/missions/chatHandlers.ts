import { CHAT_CONTRACTS } from '../../src/domain/missionDetails/chatContracts';
import { canWriteChat, CHAT_FOLDER, isEditableStatus, MISSION_NOT_EDITABLE } from '../../src/domain/missionDetails';
import { chatMessageSchema, type ChatMessageValues } from '../../src/domain/schemas/missionDetails';
import { conflict, forbidden, notFound } from '../errors/httpErrors';
import { chatOf, deleteMessage, insertMessage, markRead, messageById, type MessageFile } from './chatStore';
import { storeThenWrite } from '../files/fileStore';
import { holdMission } from './lock';
import { readableMission, type MissionAccess } from './missionAccess';
import { withMultipart } from './uploads';
import { currentUser, type AuthUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { validBody } from '../shared/validation';
import { serves } from '../shared/serves';

/**
 * The mission chat (docs/api.md): GET {id}/chat, POST chat (multipart: missionRequest, type, message,
 * then an optional file; fields sent after the file are not seen in time), DELETE chat/{id}.
 * Everyone of the mission reads; its risk manager and holder write while it is started (read-only
 * otherwise, docs/rules/missions.md); a message is deleted by its sender only.
 */

/** 409 read-only when not started, 403 for a reader who may not write (platform admins). */
function assertCanWrite(mission: MissionAccess) {
  if (canWriteChat(mission.actor, mission.status)) return;
  if (!isEditableStatus(mission.status)) throw conflict(MISSION_NOT_EDITABLE);
  throw forbidden();
}

export function chatHandlers({ db, now, storage }: FeatureDeps) {
  return {
    list: serves(CHAT_CONTRACTS.list, async (request) => {
      const user = currentUser(request);
      const mission = await readableMission(db, user, request.params.id);
      const messages = await chatOf(db, mission.id);
      await markRead(db, user.id, mission.id, messages.at(-1)?.createdAt);
      // The unread badge of the missions screen must show it at the next poll (plugins/settle.ts).
      request.wrote = true;
      return messages;
    }),

    send: serves(CHAT_CONTRACTS.send, async (request, reply) => {
      const user: AuthUser = currentUser(request);
      // The fields come before the file (as the data provider sends them), so they and the sender's
      // right to write are checked before a byte of the file is stored: a refused upload stores nothing.
      let checked: { values: ChatMessageValues; mission: MissionAccess } | null = null;
      const check = async (fields: Record<string, string>, hasFile: boolean) => {
        const values = await validBody(chatMessageSchema, fields, { hasFile });
        const mission = await readableMission(db, user, values.missionRequest);
        assertCanWrite(mission);
        checked = { values, mission };
        return checked;
      };
      const beforeFile = async (fields: Record<string, string>) => void (await check(fields, true));
      // The file may take long to arrive: the mission may meanwhile have been finished or canceled
      // (409, read-only) or be gone (404). The message is written holding the mission, the right
      // checked again under the hold; refused, the stored file is removed (storeThenWrite).
      const insert = (mission: string, values: ChatMessageValues, file: MessageFile | null) =>
        db.transaction(async (tx) => {
          await holdMission(tx, mission);
          assertCanWrite(await readableMission(tx, user, mission));
          return insertMessage(tx, user, mission, values, file, now());
        });
      const created = await withMultipart(request, storage, CHAT_FOLDER, beforeFile, async (form) => {
        // An empty file part stages nothing: the message must then stand on its own text.
        const { values, mission } = checked && form.file ? checked : await check(form.fields, form.file !== null);
        return form.file
          ? storeThenWrite(storage, CHAT_FOLDER, form.file, (saved) =>
              insert(mission.id, values, { file: saved.name, mime: saved.mime, size: saved.size, fileName: form.fileName }),
            )
          : insert(mission.id, values, null);
      });
      reply.code(201);
      return created;
    }),

    remove: serves(CHAT_CONTRACTS.remove, async (request) => {
      const user = currentUser(request);
      const message = await messageById(db, request.params.id);
      if (!message) throw notFound();
      const mission = await readableMission(db, user, message.mission);
      assertCanWrite(mission);
      if (message.senderUser !== user.id) throw forbidden();
      await deleteMessage(db, message.id, mission.id);
      if (message.file) await storage.remove(CHAT_FOLDER, message.file);
      return { _id: message.id };
    }),
  };
}
