/**
 * Users of /home/users. The e-mail is set once on creation and never changes; the password is
 * given on creation only. role.type is decided by the server from the caller
 * (docs/rules/tenancy-and-roles.md), so only
 * role.perfil is accepted. riskManager is optional here: admins may leave it empty to create an
 * admin; use withRequiredRiskManager(userCreateSchema, USER_RISK_MANAGER_REQUIRED) to demand it.
 */
import type { InferType } from 'yup';
import { LOGIN_PASSWORD_REQUIRED, USER_EMAIL_REQUIRED, USER_NAME_REQUIRED, USER_PERFIL_REQUIRED, USER_RISK_MANAGER_REQUIRED } from '../messages';
import { activeField, emailField, group, optionalIdRef, perfilField, requiredText } from './fields';
import { passwordField } from './password';

export const userCreateSchema = group({
  name: requiredText(USER_NAME_REQUIRED),
  email: emailField(USER_EMAIL_REQUIRED),
  password: passwordField(LOGIN_PASSWORD_REQUIRED),
  role: group({ perfil: perfilField(USER_PERFIL_REQUIRED) }),
  active: activeField(),
  riskManager: optionalIdRef(USER_RISK_MANAGER_REQUIRED),
});
export type UserCreateValues = InferType<typeof userCreateSchema>;

export const userUpdateSchema = group({
  name: requiredText(USER_NAME_REQUIRED),
  role: group({ perfil: perfilField(USER_PERFIL_REQUIRED) }),
  active: activeField(),
});
export type UserUpdateValues = InferType<typeof userUpdateSchema>;

export const userInitialValues: UserCreateValues = {
  name: '',
  email: '',
  password: '',
  role: { perfil: 'operational' },
  active: true,
  riskManager: null,
};
