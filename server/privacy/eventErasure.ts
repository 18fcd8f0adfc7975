import { eq, inArray } from 'drizzle-orm';
import { erasedValues } from '../../src/domain/privacy/eventPersonal';
import type { Db } from '../db/client';
import { missionEventPersonal } from '../db/schema';

/**
 * Anonymises a person in the timelines of `missionIds` (docs/rules/privacy.md): in each v2 event
 * holding one of their values, the values become the marker and the key is erased. The events
 * themselves are append-only and untouched; the chain commits to the digest, so it stays valid.
 * Answers how many events changed.
 */
export async function eraseEventValues(tx: Db, missionIds: string[], isTheirs: (value: string) => boolean): Promise<number> {
  if (missionIds.length === 0) return 0;
  const rows = await tx.select().from(missionEventPersonal).where(inArray(missionEventPersonal.mission, missionIds));
  let changed = 0;
  for (const row of rows) {
    const values = erasedValues(row.values, isTheirs);
    if (values.every((value, index) => value === row.values[index])) continue;
    await tx.update(missionEventPersonal).set({ values, key: null }).where(eq(missionEventPersonal.event, row.event));
    changed++;
  }
  return changed;
}
