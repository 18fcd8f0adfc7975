import type { InferType } from 'yup';
import {
  PROVIDER_CNPJ_REQUIRED,
  PROVIDER_LEGAL_NAME_REQUIRED,
  PROVIDER_MAIN_CONTACT_REQUIRED,
  PROVIDER_NAME_REQUIRED,
} from '../messages';
import { activeField, cnpjField, group, optionalPhone, requiredPhone, requiredText, riskManagerRef } from './fields';
import { optionalLocation, type BaseAddress } from './location';
import { PF_MESSAGES, pfAuthorizationNumberField, pfAuthorizationValidUntilField } from './rosterAgent';

/**
 * Service provider: main contact required, the two others optional (null when empty); its base, the
 * address its teams usually leave from, optional (docs/rules/catalogues.md), prefills its proposals.
 */
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
  base: optionalLocation(),
  // Its Polícia Federal authorisation (docs/rules/agents.md): without a valid one it sends no proposal.
  pfAuthorization: group({
    number: pfAuthorizationNumberField(),
    validUntil: pfAuthorizationValidUntilField(),
  }).test({
    // Both or neither, told under the one missing so the form shows it there.
    name: 'required',
    test(v) {
      if ((v?.number == null) === (v?.validUntil == null)) return true;
      return v?.number == null
        ? this.createError({ path: `${this.path}.number`, message: PF_MESSAGES.numberRequired })
        : this.createError({ path: `${this.path}.validUntil`, message: PF_MESSAGES.validUntilRequired });
    },
  }),
  riskManager: riskManagerRef(),
});
export type ServiceProviderValues = InferType<typeof serviceProviderSchema>;
/** No base address: every part empty. */
export const NO_BASE: BaseAddress = {
  zipcode: null,
  address: null,
  number: null,
  neighborhood: null,
  city: null,
  state: null,
  latitude: null,
  longitude: null,
};

export const serviceProviderInitialValues: ServiceProviderValues = {
  name: '',
  legalName: '',
  cnpj: '',
  active: true,
  contacts: { phone1: '', phone2: null, phone3: null },
  base: NO_BASE,
  pfAuthorization: { number: null, validUntil: null },
  riskManager: null,
};
