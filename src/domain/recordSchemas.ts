/**
 * The registry's generic records (docs/add-a-catalogue.md): catalogues of CATALOGUES whose server side is only
 * their shared schema and their table. The schema's fields — but riskManager, which the server
 * sets — are the table's columns of the same names (a group's members too), so the server validates with it and maps those
 * fields both ways (server/catalogues/records.ts). An entry declared by its fields (defineRecord,
 * recordDescriptor.ts) gets its schema here, with the descriptor's messages; the others bring a
 * schema written in schemas/. Kept apart from the registry so the pages that read the registry's
 * rules (/login's bundle) do not load yup and the validators.
 */
import type { AnyObject, ObjectSchema } from 'yup';
import { CATALOGUES, describedOf, type CatalogueName, type CatalogueRegistry, type DescribedName } from './catalogues';
import { recordSchemaOf } from './schemas/described';
import { citySchema } from './schemas/geography';
import { serviceProviderSchema } from './schemas/serviceProvider';
import { shipperSchema } from './schemas/shipper';

export type RecordSchema = ObjectSchema<AnyObject>;

export interface RecordDefinition {
  schema: RecordSchema;
  /** 409 text of a unique violation, e.g. 'CNPJ já cadastrado'. */
  uniqueMessage?: string;
  /** Groups whose members' columns carry the group's name (a provider's base.city → baseCity), where a bare member's name would say less. */
  prefixed?: readonly string[];
}

/** Records whose schema is written in schemas/ (fields the descriptor has no kind for: CNPJ, phones, a state's reference). */
const SCHEMA_RECORDS = {
  cities: { schema: citySchema },
  shippers: { schema: shipperSchema, uniqueMessage: 'CNPJ já cadastrado' },
  // Its contacts group is stored as the columns phone1..3, its base as baseZipcode… (server/catalogues/records.ts, groups).
  providers: { schema: serviceProviderSchema, uniqueMessage: 'CNPJ já cadastrado', prefixed: ['base', 'pfAuthorization'] },
} satisfies Partial<Record<CatalogueName, RecordDefinition>>;

/** Every generic record of a registry: its described entries' derived schemas, and the written ones. */
export const recordDefinitionsOf = (registry: CatalogueRegistry): Record<string, RecordDefinition> => ({
  ...Object.fromEntries(
    describedOf(registry).map(([name, entry]) => [
      name,
      { schema: recordSchemaOf(entry) as RecordSchema, ...(entry.record.uniqueMessage ? { uniqueMessage: entry.record.uniqueMessage } : {}) },
    ]),
  ),
  ...SCHEMA_RECORDS,
});

export type RecordName = DescribedName | keyof typeof SCHEMA_RECORDS;

export const RECORDS = recordDefinitionsOf(CATALOGUES) as Record<RecordName, RecordDefinition>;
