/**
 * The endpoint of each react-admin resource, for the data provider (App.tsx). It is part of every
 * screen's first download, so it holds no screen: no declaration, form or yup schema (/home/missions'
 * JavaScript budget). The declarations take their endpoint from here.
 */
import type { ResourceEndpoint } from '../dataProvider/endpoints';
import { CATALOGUES, type CatalogueRegistry } from '../domain/catalogues';
import { ENDPOINTS } from '../domain/endpoints';
import { missionConfigSchema } from '../domain/schemas/missionConfig';
import { perfilOfRecord } from './perfil';

/** A new login's body, of a provider's or a risk manager's user. */
const newLogin = (values: Record<string, unknown>) => ({
  name: values.name,
  email: values.email,
  password: values.password,
  role: { perfil: perfilOfRecord(values) },
  active: values.active,
});

/** The endpoints of the screens written by hand (the others are their registry entry's). */
export const WRITTEN_ENDPOINTS = {
  // Lists that grow with the tenant: paged, sorted and filtered by the server (src/domain/schemas/listPage.ts).
  cities: { ...ENDPOINTS.cities, paging: 'server' },
  shippers: { ...ENDPOINTS.shippers, paging: 'server' },
  providers: { ...ENDPOINTS.providers, paging: 'server' },
  configs: {
    ...ENDPOINTS.configs,
    // PUT /mission/configs/:id takes the schema's groups (flags, SLA targets, estimate, arrival,
    // alarms), not the record's id and tenant.
    toUpdateBody: (values) => Object.fromEntries(Object.keys(missionConfigSchema.fields).map((group) => [group, values[group]])),
  },
  shippersFranchise: ENDPOINTS.shippersFranchise,
  franchiseProviders: ENDPOINTS.franchiseProviders,
  providersLogin: {
    ...ENDPOINTS.providersLogin,
    toCreateBody: (values) => ({ ...newLogin(values), serviceProvider: values.serviceProvider, serviceProviderName: values.serviceProviderName }),
    toUpdateBody: (values) => ({ id: values.id, role: { perfil: perfilOfRecord(values) }, active: values.active }),
  },
  users: {
    ...ENDPOINTS.users,
    paging: 'server',
    toCreateBody: (values) => ({ ...newLogin(values), ...(values.riskManager ? { riskManager: values.riskManager } : {}) }),
    // The e-mail never changes (docs/rules/catalogues.md).
    toUpdateBody: (values) => ({ name: values.name, role: { perfil: perfilOfRecord(values) }, active: values.active }),
  },
} satisfies Record<string, ResourceEndpoint>;

/** Reference lists that are not screens of their own. */
const REFERENCE_ENDPOINTS: Record<string, ResourceEndpoint> = {
  riskManagers: ENDPOINTS.riskManagers,
  riskManagerProviders: ENDPOINTS.riskManagerProviders,
};

/** Every resource's endpoint for a registry: its entries declared by their fields, the written screens, the reference lists. */
export const resourceEndpointsOf = (registry: CatalogueRegistry): Record<string, ResourceEndpoint> => ({
  ...Object.fromEntries(Object.entries(registry).flatMap(([name, entry]) => (entry.record ? [[name, entry.endpoint]] : []))),
  ...WRITTEN_ENDPOINTS,
  ...REFERENCE_ENDPOINTS,
});

export const resourceEndpoints = resourceEndpointsOf(CATALOGUES);
