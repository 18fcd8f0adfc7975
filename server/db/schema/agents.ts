import { boolean, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from './columns';
import { serviceProviders } from './companies';

/**
 * A provider's roster of security agents (docs/rules/agents.md): the agents it may put on a
 * mission. CPF stored as its 11 digits, once per provider; days as calendar days.
 */
export const rosterAgents = pgTable(
  'roster_agents',
  {
    id: idColumn(),
    serviceProvider: refColumn('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cpf: text('cpf').notNull(),
    cnvNumber: text('cnv_number').notNull(),
    cnvValidUntil: date('cnv_valid_until', { mode: 'string' }).notNull(),
    refresherOn: date('refresher_on', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roster_agents_provider_cpf_idx').on(t.serviceProvider, t.cpf), index('roster_agents_cnv_valid_until_idx').on(t.cnvValidUntil)],
);

/**
 * The expiry warnings already e-mailed (docs/rules/agents.md): one row per document and validity, so
 * that the daily pass of every instance e-mails each expiry once; a renewed document (a new
 * validity) is warned again when its time comes.
 */
export const expiryWarnings = pgTable(
  'expiry_warnings',
  {
    /** 'cnv:<roster agent id>' or 'pf:<provider id>'. */
    document: text('document').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('expiry_warnings_document_idx').on(t.document, t.validUntil)],
);
