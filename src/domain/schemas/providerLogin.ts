/**
 * Logins of a service provider. Create sends the form plus the provider's id and name; update
 * sends id and role (docs/api.md: PUT /login/:id {id, role}) and may add active — when absent the server
 * keeps the stored value. E-mail and name are read-only after creation (docs/rules/tenancy-and-roles.md).
 * role.type is never accepted from the client: the server sets 'service_provider'.
 */
import type { InferType } from 'yup';
import {
  LOGIN_PASSWORD_REQUIRED,
  PROVIDER_EMAIL_REQUIRED,
  SELECT_REQUIRED,
  USER_NAME_REQUIRED,
  USER_PERFIL_REQUIRED,
} from '../messages';
import { emailField, group, idRef, perfilField, requiredText, strictBoolean, strictString, textOf } from './fields';
import { passwordField } from './password';

export const providerLoginCreateSchema = group({
  email: emailField(PROVIDER_EMAIL_REQUIRED),
  name: requiredText(USER_NAME_REQUIRED),
  password: passwordField(LOGIN_PASSWORD_REQUIRED),
  role: group({ perfil: perfilField(USER_PERFIL_REQUIRED) }),
  active: strictBoolean().default(true),
  serviceProvider: idRef(SELECT_REQUIRED),
  serviceProviderName: textOf('name').optional(),
});
export type ProviderLoginCreateValues = InferType<typeof providerLoginCreateSchema>;

export const providerLoginUpdateSchema = group({
  id: strictString().optional(),
  role: group({ perfil: perfilField(USER_PERFIL_REQUIRED) }),
  /** Optional: the product's payload is {id, role}; a present value must still be a boolean. */
  active: strictBoolean().optional(),
});
export type ProviderLoginUpdateValues = InferType<typeof providerLoginUpdateSchema>;

/** Form start values; serviceProvider/serviceProviderName are filled from the parent provider. */
export const providerLoginInitialValues = {
  email: '',
  name: '',
  password: '',
  role: { perfil: 'operational' as const },
  active: true,
  serviceProvider: '',
  serviceProviderName: '',
};
