import { eq, sql } from 'drizzle-orm';
import { cities, serviceProviders, shippers, states } from '../db/schema';
import type { RecordName } from '../../src/domain/recordSchemas';
import { riskManagerName, yesNo, type ListShape } from '../shared/pagedList';

/**
 * How the catalogue lists that grow with a tenant read on screen (src/resources: shippers.ts,
 * providers.ts, cities.ts), for the server's paging, sorting and text filter (pagedList.ts): the
 * columns each screen sorts by and the texts its Filtrar finds.
 */

/** Embarcadores: Nome, Razão social, CNPJ, Ativo (and Gerenciadora for admins). */
export const SHIPPERS_LISTING: ListShape = {
  sorts: {
    name: shippers.name,
    legalName: shippers.legalName,
    cnpj: shippers.cnpj,
    active: shippers.active,
    riskManager: riskManagerName(shippers.riskManager),
  },
  texts: [shippers.name, shippers.legalName, yesNo(shippers.active)],
  masked: [shippers.cnpj],
  ownerName: riskManagerName(shippers.riskManager),
  id: shippers.id,
  defaultSort: 'name',
};

/** Prestadoras de Serviços: Nome, Razão social, CNPJ, three contacts, Ativo (and Gerenciadora). */
export const PROVIDERS_LISTING: ListShape = {
  sorts: {
    name: serviceProviders.name,
    legalName: serviceProviders.legalName,
    cnpj: serviceProviders.cnpj,
    'contacts.phone1': serviceProviders.phone1,
    'contacts.phone2': serviceProviders.phone2,
    'contacts.phone3': serviceProviders.phone3,
    active: serviceProviders.active,
    riskManager: riskManagerName(serviceProviders.riskManager),
  },
  texts: [serviceProviders.name, serviceProviders.legalName, yesNo(serviceProviders.active)],
  masked: [serviceProviders.cnpj, serviceProviders.phone1, serviceProviders.phone2, serviceProviders.phone3],
  ownerName: riskManagerName(serviceProviders.riskManager),
  id: serviceProviders.id,
  defaultSort: 'name',
};

/** The state's name of a city (a correlated read, so the count needs no join). */
const stateName = sql`(select ${states.name} from ${states} where ${eq(states.id, cities.state)})`;

/** Cidades: Nome, Estado, Ativo (global: no owner). */
export const CITIES_LISTING: ListShape = {
  sorts: { name: cities.name, stateName, active: cities.active },
  texts: [cities.name, stateName, yesNo(cities.active)],
  id: cities.id,
  defaultSort: 'name',
};

/** The generic records whose lists page on the server, by name. */
export const RECORD_LISTINGS: Partial<Record<RecordName, ListShape>> = {
  shippers: SHIPPERS_LISTING,
  providers: PROVIDERS_LISTING,
  cities: CITIES_LISTING,
};
