import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { FiscalKind } from '../../../src/domain/validators/fiscalKey';
import { refColumn } from './columns';
import { missions } from './missions';

/**
 * The access keys of a mission's cargo NF-e, CT-e and MDF-e (docs/rules/fiscal-documents.md), normalised
 * (44 characters, upper case), `position` keeping the order they were typed. A table rather than a
 * list on the mission so that the search by key is one read of `mission_fiscal_keys_key_idx`.
 */
export const missionFiscalKeys = pgTable(
  'mission_fiscal_keys',
  {
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FiscalKind>().notNull(),
    key: char('key', { length: 44 }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mission, t.kind, t.key] }),
    check('mission_fiscal_keys_kind_check', sql`${t.kind} in ('nfe', 'cte', 'mdfe')`),
    index('mission_fiscal_keys_key_idx').on(t.key),
  ],
);
