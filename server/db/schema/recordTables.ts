import type { RecordName } from '../../../src/domain/recordSchemas';
import { cities, shippers, states } from './catalogues';
import { serviceProviders } from './companies';
import { franchises } from './franchises';

/**
 * The table of each generic record of the registry (entries with `record`): tsc asks for a new
 * one's. Its columns carry the schema's field names (server/catalogues/records.ts).
 */
export const RECORD_TABLES = { states, cities, shippers, franchises, providers: serviceProviders } satisfies Record<RecordName, unknown>;
