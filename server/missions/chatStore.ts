import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../src/domain/missionDetails';
import type { ChatMessageValues } from '../../src/domain/schemas/missionDetails';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { chatReads, missionMessages } from '../db/schema';
import type { AuthUser } from '../shared/session';
import { nextCreatedAt } from './detailsStore';

/** The mission chat's rows (docs/api.md): read in order, written one message at a time, read markers per user. */

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

export const chatOf = async (db: Db, mission: string) =>
  (await db.select().from(missionMessages).where(eq(missionMessages.mission, mission)).orderBy(asc(missionMessages.createdAt), asc(missionMessages.id))).map(
    chatMessageOf,
  );

/**
 * Reading the chat marks it read up to the latest message shown (not "now": a message committed
 * after this read stays unread). The marker only moves forward.
 */
export async function markRead(db: Db, user: string, mission: string, latest: string | undefined) {
  if (!latest) return;
  const lastReadAt = new Date(latest);
  await db
    .insert(chatReads)
    .values({ user, mission, lastReadAt })
    .onConflictDoUpdate({ target: [chatReads.user, chatReads.mission], set: { lastReadAt: sql`greatest(${chatReads.lastReadAt}, excluded.last_read_at)` } });
}

/** The stored file a message carries, if any. */
export interface MessageFile {
  file: string;
  mime: string;
  size: number;
  fileName: string | null;
}

/**
 * A new message of `sender` on `mission`, after the mission's latest item (detailsStore.nextCreatedAt),
 * in the caller's transaction (which holds the mission and checked the sender's right under it).
 */
export async function insertMessage(
  tx: Db,
  sender: AuthUser,
  mission: string,
  values: Pick<ChatMessageValues, 'type' | 'message'>,
  file: MessageFile | null,
  now: Date,
): Promise<ChatMessage> {
  const row = {
    mission,
    senderUser: sender.id,
    senderName: sender.name,
    senderRole: sender.role.type,
    chatType: values.type,
    message: values.message,
  };
  const createdAt = await nextCreatedAt(tx, missionMessages, mission, now);
  const [created] = await tx.insert(missionMessages).values({ ...row, ...file, createdAt }).returning();
  // An INSERT … RETURNING answers its row or throws: only the types allow none.
  if (!created) throw new Error('mensagem não gravada');
  return chatMessageOf(created);
}

/** The message `id` (undefined for an unknown or malformed id). */
export async function messageById(db: Db, id: string): Promise<MessageRow | undefined> {
  if (!isId(id)) return undefined;
  const [message] = await db.select().from(missionMessages).where(eq(missionMessages.id, id)).limit(1);
  return message;
}

export async function deleteMessage(db: Db, id: string, mission: string): Promise<void> {
  await db.delete(missionMessages).where(and(eq(missionMessages.id, id), eq(missionMessages.mission, mission)));
}
