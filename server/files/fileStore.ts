import { eq } from 'drizzle-orm';
import type { StagedFile, StoredFile, Storage, SaveRefusal } from './store';
import type { FileType } from './fileTypes';
import { ATTACHMENT_FILE_TYPE, FILE_TOO_LARGE } from '../../src/domain/missionDetails';
import type { Db } from '../db/client';
import { missionAttachments, missionMessages } from '../db/schema';
import { badRequest, HttpError } from '../errors/httpErrors';

/** Attachments (docs/rules/validation.md): pdf, png, jpeg, webp, gif, svg (a safe one); chat files: PDF or images. */
export const MISSION_FILE_TYPES: readonly FileType[] = ['pdf', 'png', 'jpeg', 'webp', 'gif', 'svg'];

const REFUSALS: Record<SaveRefusal, () => HttpError> = {
  empty: () => badRequest(ATTACHMENT_FILE_TYPE),
  badType: () => badRequest(ATTACHMENT_FILE_TYPE),
  tooLarge: () => new HttpError(413, { error: FILE_TOO_LARGE }),
};

export const refusalError = (refusal: SaveRefusal): HttpError => REFUSALS[refusal]();

/**
 * Gives a staged upload its name, then runs `write` (the row that names the file, in a
 * transaction). When `write` fails the file is removed again: a failed request leaves neither
 * file nor row.
 */
export async function storeThenWrite<T>(storage: Storage, folder: string, staged: StagedFile, write: (file: StoredFile) => Promise<T>): Promise<T> {
  await staged.commit();
  try {
    return await write(staged.file);
  } catch (error) {
    await storage.remove(folder, staged.file.name);
    throw error;
  }
}

/** The mission a stored attachment or chat file belongs to (null: no such file). */
export async function missionOfFile(db: Db, kind: 'attachments' | 'chat', file: string): Promise<string | null> {
  if (kind === 'attachments') {
    const [row] = await db.select({ mission: missionAttachments.mission }).from(missionAttachments).where(eq(missionAttachments.file, file)).limit(1);
    return row?.mission ?? null;
  }
  const [row] = await db.select({ mission: missionMessages.mission }).from(missionMessages).where(eq(missionMessages.file, file)).limit(1);
  return row?.mission ?? null;
}
