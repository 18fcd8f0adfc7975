import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    // Its base (docs/rules/catalogues.md): where its teams usually leave from, prefilling its proposals.
    baseZipcode: text('base_zipcode'),
    baseAddress: text('base_address'),
    baseNumber: text('base_number'),
    baseNeighborhood: text('base_neighborhood'),
    baseCity: text('base_city'),
    baseState: text('base_state'),
    baseLatitude: doublePrecision('base_latitude'),
    baseLongitude: doublePrecision('base_longitude'),
    // Its Polícia Federal authorisation (docs/rules/agents.md): both or neither.
    pfAuthorizationNumber: text('pf_authorization_number'),
    pfAuthorizationValidUntil: date('pf_authorization_valid_until', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_providers_risk_manager_idx').on(t.riskManager),
    // A company is registered once per tenant (CNPJ stored unformatted upper-case), as shippers are.
    uniqueIndex('service_providers_risk_manager_cnpj_idx').on(t.riskManager, t.cnpj),
    uniqueName('service_providers', t.name, t.riskManager),
    // A base is whole or absent: the proposal it prefills needs every part.
    check(
      'service_providers_base_check',
      sql`num_nulls(${t.baseZipcode}, ${t.baseAddress}, ${t.baseNumber}, ${t.baseNeighborhood}, ${t.baseCity}, ${t.baseState}, ${t.baseLatitude}, ${t.baseLongitude}) in (0, 8)`,
    ),
    check('service_providers_pf_authorization_check', sql`(${t.pfAuthorizationNumber} is null) = (${t.pfAuthorizationValidUntil} is null)`),
  ],
);
