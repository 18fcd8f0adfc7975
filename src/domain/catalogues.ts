/**
 * The one registry of catalogue entities (docs/add-a-catalogue.md). Everything else that names a catalogue is
 * derived from it: the permissions' entity list and rules (permissions.ts), the breadcrumb labels
 * (navigation.ts), the endpoint table (endpoints.ts). An entry made with `defineRecord`
 * (recordDescriptor.ts) also declares its fields, from which its shared schema (recordSchemas.ts),
 * its server routes and mappers (server/catalogues/records.ts) and its screen and admin-home tile
 * (src/resources/records.ts) are derived: adding one is its entry here, its table
 * (server/db/schema, RECORD_TABLES) and its migration — docs/add-a-catalogue.md.
 *
 * Entries are in the admin home's tile order, child lists last.
 */
import { FRANCHISE_TYPE_FORM_OPTIONS, FRANCHISE_TYPE_OPTIONS } from './enums';
import { crudEndpoint, type EndpointPaths } from './endpointPaths';
import {
  CARRIER_NAME_REQUIRED,
  CAUSE_NAME_REQUIRED,
  LEADERSHIP_NAME_REQUIRED,
  PLACE_NAME_REQUIRED,
  REQUESTER_NAME_REQUIRED,
  SERVICE_NAME_REQUIRED,
  SERVICE_TYPE_REQUIRED,
  STATE_NAME_REQUIRED,
} from './messages';
import { choice, defineRecord, flag, text, type RecordDescriptor } from './recordDescriptor';

export interface CatalogueEntry {
  /** Breadcrumb label of the entity's URL segment (docs/rules/catalogues.md), also the screen's title. */
  label: string;
  endpoint: EndpointPaths;
  /** 'riskManager': rows belong to one tenant; 'global': shared, written by platform admins only. */
  tenancy: 'riskManager' | 'global';
  /** Service-provider users read it: their mission screens show it (lookups, parameters, geography). */
  providersRead: boolean;
  /** Its fields, when the entity is declared by them (defineRecord): everything else is derived. */
  record?: RecordDescriptor;
}

export type CatalogueRegistry = Readonly<Record<string, CatalogueEntry>>;

/** The texts of a simple lookup ({name, active, riskManager}) of the admin service. */
interface LookupTexts {
  /** Message of a missing name. */
  nameRequired: string;
  /** Label of the name field and column, e.g. 'Motivo'. */
  nameLabel: string;
  entity: string;
  title?: string;
  tileLabel: string;
  successMessage: string;
}

/**
 * A simple lookup: a tenant's name and active flag at /api/admin/{name}, a tile of the admin home,
 * read by service providers (their mission screens show it).
 */
export const lookupEntry = (label: string, { nameRequired, nameLabel, tileLabel, ...texts }: LookupTexts, name: string) =>
  defineRecord({
    label,
    endpoint: crudEndpoint('admin', name),
    tenancy: 'riskManager',
    providersRead: true,
    ...texts,
    tile: { group: 'simple', label: tileLabel },
    fields: { name: text({ label: nameLabel, required: nameRequired }), active: flag() },
  });

export const CATALOGUES = {
  causes: lookupEntry(
    'Motivo Acionamento',
    {
      nameRequired: CAUSE_NAME_REQUIRED,
      nameLabel: 'Motivo',
      entity: 'Motivo acionamento',
      tileLabel: 'Motivo Acionamento',
      successMessage: 'Motivos acionamento atualizados com sucesso',
    },
    'causes',
  ),
  carriers: lookupEntry(
    'Transportador',
    {
      nameRequired: CARRIER_NAME_REQUIRED,
      nameLabel: 'Nome',
      entity: 'Transportador',
      tileLabel: 'Transportador',
      successMessage: 'Transportadores atualizados com sucesso',
    },
    'carriers',
  ),
  places: lookupEntry(
    'Locais',
    {
      nameRequired: PLACE_NAME_REQUIRED,
      nameLabel: 'Nome',
      entity: 'Local',
      tileLabel: 'Locais',
      successMessage: 'Locais atualizados com sucesso',
    },
    'places',
  ),
  leaderships: lookupEntry(
    'Liderança',
    {
      nameRequired: LEADERSHIP_NAME_REQUIRED,
      title: 'Lideranças',
      nameLabel: 'Nome',
      entity: 'Liderança',
      tileLabel: 'Lideranças',
      successMessage: 'Lideranças atualizadas com sucesso',
    },
    'leaderships',
  ),
  requesters: lookupEntry(
    'Solicitantes',
    {
      nameRequired: REQUESTER_NAME_REQUIRED,
      nameLabel: 'Nome',
      entity: 'Solicitante',
      tileLabel: 'Solicitante',
      successMessage: 'Solicitantes atualizados com sucesso',
    },
    'requesters',
  ),
  /** One record per risk manager, created by the server: never created or deleted here. */
  configs: {
    label: 'Parâmetros da missão',
    endpoint: { base: 'admin', list: 'mission/configs', one: 'mission/configs/:id', update: 'mission/configs/:id' },
    tenancy: 'riskManager',
    providersRead: true,
  },
  states: defineRecord({
    label: 'Estados',
    endpoint: crudEndpoint('admin', 'states'),
    tenancy: 'global',
    providersRead: true,
    entity: 'Estado',
    tile: { group: 'simple', label: 'Estado' },
    successMessage: 'Estados atualizados com sucesso',
    fields: { name: text({ label: 'Nome', required: STATE_NAME_REQUIRED }), active: flag() },
  }),
  cities: { label: 'Cidades', endpoint: crudEndpoint('admin', 'cities'), tenancy: 'global', providersRead: true },
  // The commercial catalogues (shippers, providers, services and their plans) stay with the risk manager.
  shippers: { label: 'Embarcador', endpoint: crudEndpoint('admin', 'shippers'), tenancy: 'riskManager', providersRead: false },
  providers: {
    label: 'Prestadores',
    endpoint: crudEndpoint('serviceProviders', 'info'),
    tenancy: 'riskManager',
    providersRead: false,
  },
  /** At /api/v1/billing/franchise, mounted by the billing service; each service lists its providers' plans. */
  franchises: defineRecord({
    label: 'Serviços e Franquias',
    endpoint: crudEndpoint('billing', 'franchise'),
    tenancy: 'riskManager',
    providersRead: false,
    entity: 'Serviço',
    tile: { group: 'advanced', label: 'Serviços e Franquias' },
    successMessage: 'Serviços e franquias atualizados com sucesso',
    children: [{ resource: 'franchiseProviders', label: 'Prestadores' }],
    fields: {
      name: text({ label: 'Nome', required: SERVICE_NAME_REQUIRED }),
      type: choice({
        label: 'Modalidade',
        options: FRANCHISE_TYPE_OPTIONS,
        offered: FRANCHISE_TYPE_FORM_OPTIONS,
        required: SERVICE_TYPE_REQUIRED,
        default: 'service_provider',
      }),
      active: flag(),
    },
  }),
  /** GET shipper/{id} lists a shipper's plans (docs/api.md), so one plan is read at shipper/plan/{id}. */
  shippersFranchise: {
    label: 'Franquias (cliente)',
    endpoint: {
      base: 'billing',
      list: 'shipper/:parentId',
      one: 'shipper/plan/:id',
      create: 'shipper',
      update: 'shipper/:id',
      remove: 'shipper/:id',
    },
    tenancy: 'riskManager',
    providersRead: false,
  },
  providersLogin: {
    label: 'Logins',
    endpoint: {
      base: 'serviceProviders',
      list: ':parentId/logins',
      one: 'login/:id',
      create: 'login',
      update: 'login/:id',
      remove: 'login/:id',
    },
    tenancy: 'riskManager',
    providersRead: false,
  },
  franchiseProviders: {
    label: 'Prestadores de Serviço (franquias)',
    endpoint: {
      base: 'billing',
      list: 'franchise/:parentId/serviceProviders',
      one: 'serviceProvider/:id',
      create: 'serviceProvider',
      update: 'serviceProvider/:id',
      remove: 'serviceProvider/:id',
    },
    tenancy: 'riskManager',
    providersRead: false,
  },
} as const satisfies CatalogueRegistry;

export type CatalogueName = keyof typeof CATALOGUES;

/** The registry's entities declared by their fields (defineRecord), by name. */
export type DescribedName = {
  [K in CatalogueName]: (typeof CATALOGUES)[K] extends { record: RecordDescriptor } ? K : never;
}[CatalogueName];

/** The entries of a registry declared by their fields, in registry order. */
export function describedOf(registry: CatalogueRegistry): [string, CatalogueEntry & { record: RecordDescriptor }][] {
  return Object.entries(registry).flatMap(([name, entry]) => (entry.record ? [[name, { ...entry, record: entry.record }]] : []));
}

/** The simple lookups (a tenant's name and active flag): entries whose fields are exactly those. */
type LookupShape = { tenancy: 'riskManager'; record: RecordDescriptor<{ name: unknown; active: unknown } & RecordDescriptor['fields']> };
export type LookupName = {
  [K in DescribedName]: (typeof CATALOGUES)[K] extends LookupShape
    ? Exclude<keyof (typeof CATALOGUES)[K]['record']['fields'], 'name' | 'active'> extends never
      ? K
      : never
    : never;
}[DescribedName];

const isLookupEntry = (entry: CatalogueEntry): boolean =>
  entry.tenancy === 'riskManager' && Object.keys(entry.record?.fields ?? {}).sort().join() === 'active,name';

export const LOOKUP_NAMES = Object.keys(CATALOGUES).filter((name) => isLookupEntry(CATALOGUES[name as CatalogueName])) as LookupName[];

/** Breadcrumb label of each entity's URL segment. */
export const catalogueCrumbs = (registry: CatalogueRegistry): Record<string, string> =>
  Object.fromEntries(Object.entries(registry).map(([name, entry]) => [name, entry.label]));

export const isCatalogueName = (name: string): name is CatalogueName => Object.hasOwn(CATALOGUES, name);
