import type { InferType } from 'yup';
import {
  PROVIDER_CNPJ_REQUIRED,
  PROVIDER_LEGAL_NAME_REQUIRED,
  PROVIDER_MAIN_CONTACT_REQUIRED,
  PROVIDER_NAME_REQUIRED,
} from '../messages';
import { activeField, cnpjField, group, optionalPhone, requiredPhone, requiredText, riskManagerRef } from './fields';

/** Service provider: main contact required, the two others optional (null when empty). */
export const serviceProviderSchema = group({
  name: requiredText(PROVIDER_NAME_REQUIRED),
  legalName: requiredText(PROVIDER_LEGAL_NAME_REQUIRED, 'legalName'),
  cnpj: cnpjField(PROVIDER_CNPJ_REQUIRED),
  active: activeField(),
  contacts: group({
    phone1: requiredPhone(PROVIDER_MAIN_CONTACT_REQUIRED),
    phone2: optionalPhone(),
    phone3: optionalPhone(),
  }),
  riskManager: riskManagerRef(),
});
export type ServiceProviderValues = InferType<typeof serviceProviderSchema>;
export const serviceProviderInitialValues: ServiceProviderValues = {
  name: '',
  legalName: '',
  cnpj: '',
  active: true,
  contacts: { phone1: '', phone2: null, phone3: null },
  riskManager: null,
};
