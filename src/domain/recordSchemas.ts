/**
 * The registry's generic records (issue 12): catalogues of CATALOGUES whose server side is only
 * their shared schema and their table. The schema's fields — but riskManager, which the server
 * sets — are the table's columns of the same names (a group's members too), so the server validates with it and maps those
 * fields both ways (server/catalogues/records.ts). Kept apart from the registry so the pages
 * that read the registry's rules (/login's bundle) do not load yup and the validators.
 */
import type { AnyObject, ObjectSchema } from 'yup';
import type { CatalogueName } from './catalogues';
import { franchiseSchema } from './schemas/franchise';
import { citySchema, stateSchema } from './schemas/geography';
import { serviceProviderSchema } from './schemas/serviceProvider';
import { shipperSchema } from './schemas/shipper';

export type RecordSchema = ObjectSchema<AnyObject>;

export interface RecordDefinition {
  schema: RecordSchema;
  /** 409 text of a unique violation, e.g. 'CNPJ já cadastrado'. */
  uniqueMessage?: string;
}

export const RECORDS = {
  states: { schema: stateSchema },
  cities: { schema: citySchema },
  shippers: { schema: shipperSchema, uniqueMessage: 'CNPJ já cadastrado' },
  franchises: { schema: franchiseSchema },
  // Its contacts group is stored as the columns phone1..3 (catalogueRecords.ts, groups).
  providers: { schema: serviceProviderSchema, uniqueMessage: 'CNPJ já cadastrado' },
} satisfies Partial<Record<CatalogueName, RecordDefinition>>;

export type RecordName = keyof typeof RECORDS;
