/**
 * The one registry of catalogue entities (issue 12). Everything else that names a catalogue is
 * derived from it: the permissions' entity list and rules (permissions.ts), the breadcrumb labels
 * (navigation.ts), the endpoint table (endpoints.ts), the lookups' shared schemas (schemas/lookups.ts),
 * the lookups' screens and admin-home tiles (src/resources/lookup.ts) and the server's generic
 * lookup routes (server/catalogues/adminRoutes.ts). Adding a simple lookup is an entry here plus its table
 * (server/db/schema/catalogues.ts, LOOKUP_TABLES) and migration: README "Como adicionar um cadastro".
 *
 * Entries are in the admin home's tile order, child lists last.
 */
import { crudEndpoint, type EndpointPaths } from './endpointPaths';
import {
  CARRIER_NAME_REQUIRED,
  CAUSE_NAME_REQUIRED,
  LEADERSHIP_NAME_REQUIRED,
  PLACE_NAME_REQUIRED,
  REQUESTER_NAME_REQUIRED,
} from './messages';

/**
 * A simple lookup ({name, active, riskManager}): one shared schema, one generic server route, one
 * generic screen. The texts are the screen's.
 */
export interface LookupEntry {
  /** Message of a missing name (the shared schema's). */
  nameRequired: string;
  /** The screen's title when it is not the breadcrumb label. */
  title?: string;
  /** Label of the name field and column, e.g. 'Motivo'. */
  nameLabel: string;
  /** The record in singular, for dialogs ("Excluir {entity}"). */
  entity: string;
  /** The admin-home tile's text. */
  tileLabel: string;
  /** The toast after a save or delete. */
  successMessage: string;
}

export interface CatalogueEntry {
  /** Breadcrumb label of the entity's URL segment (spec 2), also the screen's title. */
  label: string;
  endpoint: EndpointPaths;
  /** 'riskManager': rows belong to one tenant; 'global': shared, written by platform admins only. */
  tenancy: 'riskManager' | 'global';
  /** Service-provider users read it: their mission screens show it (lookups, parameters, geography). */
  providersRead: boolean;
  lookup?: LookupEntry;
}

export type CatalogueRegistry = Readonly<Record<string, CatalogueEntry>>;

const lookupEntry = (label: string, lookup: LookupEntry, name: string) =>
  ({ label, endpoint: crudEndpoint('admin', name), tenancy: 'riskManager', providersRead: true, lookup }) as const;

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
  states: { label: 'Estados', endpoint: crudEndpoint('admin', 'states'), tenancy: 'global', providersRead: true },
  cities: { label: 'Cidades', endpoint: crudEndpoint('admin', 'cities'), tenancy: 'global', providersRead: true },
  // The commercial catalogues (shippers, providers, services and their plans) stay with the risk manager.
  shippers: { label: 'Embarcador', endpoint: crudEndpoint('admin', 'shippers'), tenancy: 'riskManager', providersRead: false },
  providers: {
    label: 'Prestadores',
    endpoint: crudEndpoint('serviceProviders', 'info'),
    tenancy: 'riskManager',
    providersRead: false,
  },
  franchises: {
    label: 'Serviços e Franquias',
    endpoint: crudEndpoint('billing', 'franchise'),
    tenancy: 'riskManager',
    providersRead: false,
  },
  /** GET shipper/{id} lists a shipper's plans (spec 7), so one plan is read at shipper/plan/{id}. */
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

/** The registry's simple lookups, by name. */
export type LookupName = {
  [K in CatalogueName]: (typeof CATALOGUES)[K] extends { lookup: LookupEntry } ? K : never;
}[CatalogueName];

/** The lookups of a registry: name and entry, in registry order. */
export function lookupsOf(registry: CatalogueRegistry): [string, CatalogueEntry & { lookup: LookupEntry }][] {
  return Object.entries(registry).flatMap(([name, entry]) => (entry.lookup ? [[name, { ...entry, lookup: entry.lookup }]] : []));
}

export const LOOKUP_NAMES = lookupsOf(CATALOGUES).map(([name]) => name) as LookupName[];

/** Breadcrumb label of each entity's URL segment. */
export const catalogueCrumbs = (registry: CatalogueRegistry): Record<string, string> =>
  Object.fromEntries(Object.entries(registry).map(([name, entry]) => [name, entry.label]));

export const isCatalogueName = (name: string): name is CatalogueName => Object.hasOwn(CATALOGUES, name);
