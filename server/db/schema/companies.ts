import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, uniqueName, updatedAt } from './columns';

/** The tenants: a risk manager (gerenciadora de risco) owns its users, catalogues and missions. */
export const riskManagers = pgTable('risk_managers', {
  id: idColumn(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** Its Administrador and TI users must use a second factor at login (server/auth/twoFactor.ts). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Quick-response companies (pronta resposta), each bound to one risk manager. */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: idColumn(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    legalName: text('legal_name').notNull(),
    cnpj: text('cnpj').notNull(),
    active: boolean('active').notNull().default(true),
    phone1: text('phone1').notNull(),
    phone2: text('phone2'),
    phone3: text('phone3'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_providers_risk_manager_idx').on(t.riskManager),
    // A company is registered once per tenant (CNPJ stored unformatted upper-case), as shippers are.
    uniqueIndex('service_providers_risk_manager_cnpj_idx').on(t.riskManager, t.cnpj),
    uniqueName('service_providers', t.name, t.riskManager),
  ],
);
