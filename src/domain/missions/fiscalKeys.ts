import type { StoredMissionStatus } from './statuses';

/**
 * Whether a mission's cargo keys may still change (docs/rules/fiscal-documents.md): until a side is
 * billed — the billing report prints them — and never on a canceled mission.
 */
export const fiscalKeysEditable = (status: StoredMissionStatus): boolean => status === 'open' || status === 'started' || status === 'finished';
