/**
 * Logins of a service provider. Create sends the form plus the provider's id and name; update
 * sends only id, role and active (e-mail and name are read-only after creation, spec 3).
 * role.type is never accepted from the client: the server sets 'service_provider'.
 */
import { boolean, object, string, type InferType } from 'yup';
import {
  LOGIN_PASSWORD_REQUIRED,
  PROVIDER_EMAIL_REQUIRED,
  SELECT_REQUIRED,
  USER_NAME_REQUIRED,
  USER_PERFIL_REQUIRED,
} from '../messages';
import { activeField, emailField, idRef, perfilField, requiredText } from './fields';

export const providerLoginCreateSchema = object({
  email: emailField(PROVIDER_EMAIL_REQUIRED),
  name: requiredText(USER_NAME_REQUIRED),
  password: string().required(LOGIN_PASSWORD_REQUIRED),
  role: object({ perfil: perfilField(USER_PERFIL_REQUIRED) }),
  active: boolean().default(true),
  serviceProvider: idRef(SELECT_REQUIRED),
  serviceProviderName: string().trim().optional(),
});
export type ProviderLoginCreateValues = InferType<typeof providerLoginCreateSchema>;

export const providerLoginUpdateSchema = object({
  id: string().optional(),
  role: object({ perfil: perfilField(USER_PERFIL_REQUIRED) }),
  active: activeField(),
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
