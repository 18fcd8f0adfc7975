/** Services ("Serviços e Franquias"): name and modalidade (type), default service_provider. */
import type { InferType } from 'yup';
import { FRANCHISE_TYPES } from '../enums';
import { SERVICE_NAME_REQUIRED, SERVICE_TYPE_REQUIRED } from '../messages';
import { activeField, enumField, group, requiredText, riskManagerRef } from './fields';

export const franchiseSchema = group({
  name: requiredText(SERVICE_NAME_REQUIRED),
  type: enumField(FRANCHISE_TYPES, SERVICE_TYPE_REQUIRED),
  active: activeField(),
  riskManager: riskManagerRef(),
});
export type FranchiseValues = InferType<typeof franchiseSchema>;
export const franchiseInitialValues: FranchiseValues = {
  name: '',
  type: 'service_provider',
  active: true,
  riskManager: null,
};
