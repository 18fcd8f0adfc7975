/** Services ("Serviços e Franquias"): name and modalidade (type), default service_provider. */
import type { InferType } from 'yup';
import { CATALOGUES } from '../catalogues';
import { recordSchemaOf } from './described';

/** Declared by its fields in the registry (catalogues.ts). */
export const franchiseSchema = recordSchemaOf(CATALOGUES.franchises);
export type FranchiseValues = InferType<typeof franchiseSchema>;
export const franchiseInitialValues: FranchiseValues = {
  name: '',
  type: 'service_provider',
  active: true,
  riskManager: null,
};
