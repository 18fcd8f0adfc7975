import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CATALOGUES, DescribedName } from '../../../src/domain/catalogues';
import type { DescribedColumns } from '../../../src/domain/recordDescriptor';
import type { RecordName } from '../../../src/domain/recordSchemas';
import { carriers, causes, cities, leaderships, places, requesters, shippers, states } from './catalogues';
import { serviceProviders } from './companies';
import { franchises } from './franchises';

/** A table with (at least) these columns, each the property of its field's name. */
type TableWith<C extends string> = PgTable & { [K in C]: AnyPgColumn };

/**
 * The table of each generic record of the registry: tsc asks for a new one's, and for an entry
 * declared by its fields (defineRecord) a column per field, of the field's name, plus
 * riskManager when the entry belongs to a tenant (server/catalogues/records.ts maps them by name;
 * it also checks every record's columns when the app starts, the written schemas' included).
 */
export const RECORD_TABLES = {
  causes,
  carriers,
  places,
  leaderships,
  requesters,
  states,
  cities,
  shippers,
  providers: serviceProviders,
  franchises,
} satisfies Record<RecordName, PgTable> & { [N in DescribedName]: TableWith<DescribedColumns<(typeof CATALOGUES)[N]>> };
