import { and, asc, eq, sql } from 'drizzle-orm';
import { CHAT_RESPONSES } from '../../../src/domain/missionDetails/chatResponseSchemas';
import type { FastifyInstance } from 'fastify';
import { canWriteChat, CHAT_FOLDER, isEditableStatus, MISSION_NOT_EDITABLE, type ChatMessage } from '../../../src/domain/missionDetails';
import { chatMessageSchema, type ChatMessageValues } from '../../../src/domain/schemas/missionDetails';
import { isId } from '../../../src/domain/ids';
import type { Db } from '../../db/client';
import { chatReads, missionMessages } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../httpErrors';
import { currentUser, type AuthUser } from '../../plugins/auth';
import type { Storage } from '../../storage/store';
import type { RouteDeps } from '..';
import { validBody } from '../crud';
import { nextCreatedAt } from './detailsStore';
import { storeThenWrite } from './fileStore';
import { readableMission, type MissionAccess } from './missionAccess';
import { withMultipart } from './uploads';

/**
 * The mission chat (spec 7): GET {id}/chat, POST chat (multipart: missionRequest, type, message,
 * then an optional file; fields sent after the file are not seen in time), DELETE chat/{id}.
 * Everyone of the mission reads; its risk manager and holder write while it is started (read-only
 * otherwise, spec 2); a message is deleted by its sender only.
 */

type MessageRow = typeof missionMessages.$inferSelect;

export const chatMessageOf = (r: MessageRow): ChatMessage => ({
  _id: r.id,
  missionRequest: r.mission,
  message: r.message,
  sender: r.senderRole,
  senderUser: r.senderUser ?? '',
  senderName: r.senderName,
  type: r.file ? 'attachment' : 'text',
  chatType: r.chatType,
  attachment: r.file && r.mime ? { file: r.file, mime: r.mime, size: r.size ?? 0, name: r.fileName } : null,
  createdAt: r.createdAt.toISOString(),
});

const chatOf = async (db: Db, mission: string) =>
  (await db.select().from(missionMessages).where(eq(missionMessages.mission, mission)).orderBy(asc(missionMessages.createdAt), asc(missionMessages.id))).map(
    chatMessageOf,
  );

/**
 * Reading the chat marks it read up to the latest message shown (not "now": a message committed
 * after this read stays unread). The marker only moves forward.
 */
async function markRead(db: Db, user: string, mission: string, latest: string | undefined) {
  if (!latest) return;
  const lastReadAt = new Date(latest);
  await db
    .insert(chatReads)
    .values({ user, mission, lastReadAt })
    .onConflictDoUpdate({ target: [chatReads.user, chatReads.mission], set: { lastReadAt: sql`greatest(${chatReads.lastReadAt}, excluded.last_read_at)` } });
}

/** 409 read-only when not started, 403 for a reader who may not write (platform admins). */
function assertCanWrite(mission: MissionAccess) {
  if (canWriteChat(mission.actor, mission.status)) return;
  if (!isEditableStatus(mission.status)) throw conflict(MISSION_NOT_EDITABLE);
  throw forbidden();
}

export default function chatRoutes(app: FastifyInstance, deps: RouteDeps & { storage: Storage }): Promise<void> {
  const { db, now, storage } = deps;

  app.get<{ Params: { id: string } }>('/:id/chat', { schema: { response: CHAT_RESPONSES.messages } }, async (request) => {
    const user = currentUser(request);
    const mission = await readableMission(db, user, request.params.id);
    const messages = await chatOf(db, mission.id);
    await markRead(db, user.id, mission.id, messages.at(-1)?.createdAt);
    // The unread badge of the missions screen must show it at the next poll (plugins/settle.ts).
    request.wrote = true;
    return messages;
  });

  app.post('/chat', { schema: { response: CHAT_RESPONSES.sent } }, async (request, reply) => {
    const user: AuthUser = currentUser(request);
    // The fields come before the file (as the data provider sends them), so they and the sender's
    // right to write are checked before a byte of the file is stored: a refused upload stores nothing.
    let checked: { values: ChatMessageValues; mission: MissionAccess } | null = null;
    const check = async (fields: Record<string, string>, hasFile: boolean) => {
      const values = await validBody<ChatMessageValues>(chatMessageSchema, fields, { hasFile });
      const mission = await readableMission(db, user, values.missionRequest);
      assertCanWrite(mission);
      checked = { values, mission };
      return checked;
    };
    const beforeFile = async (fields: Record<string, string>) => void (await check(fields, true));
    const [created] = await withMultipart(request, storage, CHAT_FOLDER, beforeFile, async (form) => {
      // An empty file part stages nothing: the message must then stand on its own text.
      const { values, mission } = checked && form.file ? checked : await check(form.fields, form.file !== null);
      const row = {
        mission: mission.id,
        senderUser: user.id,
        senderName: user.name,
        senderRole: user.role.type,
        chatType: values.type,
        message: values.message,
      };
      const insert = (file: { file: string; mime: string; size: number; fileName: string | null } | null) =>
        db.transaction(async (tx) => {
          const createdAt = await nextCreatedAt(tx, missionMessages, mission.id, now());
          return tx.insert(missionMessages).values({ ...row, ...file, createdAt }).returning();
        });
      return form.file
        ? storeThenWrite(storage, CHAT_FOLDER, form.file, (saved) => insert({ file: saved.name, mime: saved.mime, size: saved.size, fileName: form.fileName }))
        : insert(null);
    });
    if (!created) throw new Error('mensagem não gravada');
    return reply.code(201).send(chatMessageOf(created));
  });

  app.delete<{ Params: { id: string } }>('/chat/:id', { schema: { response: CHAT_RESPONSES.removed } }, async (request) => {
    const user = currentUser(request);
    const id = request.params.id;
    const [message] = isId(id) ? await db.select().from(missionMessages).where(eq(missionMessages.id, id)).limit(1) : [];
    if (!message) throw notFound();
    const mission = await readableMission(db, user, message.mission);
    assertCanWrite(mission);
    if (message.senderUser !== user.id) throw forbidden();
    await db.delete(missionMessages).where(and(eq(missionMessages.id, message.id), eq(missionMessages.mission, mission.id)));
    if (message.file) await storage.remove(CHAT_FOLDER, message.file);
    return { _id: message.id };
  });
  return Promise.resolve();
}
