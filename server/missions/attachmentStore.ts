import type { Db } from '../db/client';
import { missionAttachments } from '../db/schema';
import type { StoredFile } from '../files/store';
import { attachmentOf, itemWhere, nextCreatedAt, type DetailWrite } from './detailsStore';
import type { Attachment } from '../../src/domain/missionDetails/types';

/**
 * A mission's attachment rows (docs/api.md), each identified by its createdAt within the mission; the
 * file itself is in storage. Each runs in the caller's transaction (detailWrites.ts) and answers
 * the attachment before and after.
 */

/** What the uploader tells of the file: its description and, for a photo, when and where it was taken. */
export interface AttachmentFields {
  description: string;
  capturedAt: string | null;
  latitude: number | null;
  longitude: number | null;
}

export async function insertAttachment(tx: Db, mission: string, now: Date, fields: AttachmentFields, saved: StoredFile): Promise<DetailWrite<Attachment>> {
  const createdAt = await nextCreatedAt(tx, missionAttachments, mission, now);
  const { description, capturedAt, latitude, longitude } = fields;
  const [row] = await tx
    .insert(missionAttachments)
    .values({ mission, createdAt, description, capturedAt: capturedAt === null ? null : new Date(capturedAt), latitude, longitude, file: saved.name, mime: saved.mime, size: saved.size })
    .returning();
  if (!row) throw new Error('attachment insert returned no row');
  return { record: row.id, before: null, after: attachmentOf(row) };
}

/** Null when the mission has no attachment at `createdAt`. */
export async function updateAttachmentDescription(tx: Db, mission: string, createdAt: string, description: string): Promise<DetailWrite<Attachment> | null> {
  const where = itemWhere(missionAttachments, mission, createdAt);
  const [before] = await tx.select().from(missionAttachments).where(where);
  if (!before) return null;
  const [row] = await tx.update(missionAttachments).set({ description }).where(where).returning();
  return row ? { record: row.id, before: attachmentOf(before), after: attachmentOf(row) } : null;
}

/** The removed attachment (its stored file name in `before.file`), or null when there was none at `createdAt`. */
export async function deleteAttachment(tx: Db, mission: string, createdAt: string): Promise<DetailWrite<Attachment> | null> {
  const [row] = await tx.delete(missionAttachments).where(itemWhere(missionAttachments, mission, createdAt)).returning();
  return row ? { record: row.id, before: attachmentOf(row), after: null } : null;
}
