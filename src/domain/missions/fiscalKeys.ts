import type { MissionStatus } from './statuses';

/**
 * Whether a mission's cargo keys may still change (docs/rules/fiscal-documents.md): until a side is
 * billed — the billing report prints them — and never on a canceled mission. Read on the stored
 * status by the server and on the row's status by the risk manager's screen (the same for them).
 */
export const fiscalKeysEditable = (status: MissionStatus): boolean => status === 'open' || status === 'started' || status === 'finished';
