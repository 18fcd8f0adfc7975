import type { Db } from '../db/client';
import { missionAttachments } from '../db/schema';
import type { StoredFile } from '../files/store';
import { itemWhere, nextCreatedAt } from './detailsStore';

/** A mission's attachment rows (spec 7), each identified by its createdAt within the mission; the file itself is in storage. */

export async function insertAttachment(db: Db, mission: string, now: Date, description: string, saved: StoredFile): Promise<void> {
  await db.transaction(async (tx) => {
    const createdAt = await nextCreatedAt(tx, missionAttachments, mission, now);
    await tx.insert(missionAttachments).values({ mission, createdAt, description, file: saved.name, mime: saved.mime, size: saved.size });
  });
}

/** False when the mission has no attachment at `createdAt`. */
export async function updateAttachmentDescription(db: Db, mission: string, createdAt: string, description: string): Promise<boolean> {
  const updated = await db
    .update(missionAttachments)
    .set({ description })
    .where(itemWhere(missionAttachments, mission, createdAt))
    .returning({ id: missionAttachments.id });
  return updated.length > 0;
}

/** The stored file name of the removed attachment, or null when there was none at `createdAt`. */
export async function deleteAttachment(db: Db, mission: string, createdAt: string): Promise<string | null> {
  const [deleted] = await db
    .delete(missionAttachments)
    .where(itemWhere(missionAttachments, mission, createdAt))
    .returning({ file: missionAttachments.file });
  return deleted?.file ?? null;
}
