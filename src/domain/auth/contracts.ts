/**
 * The auth service's calls (docs/api.md#autenticação, base /api/auth) as contracts
 * (src/domain/contract.ts): the sign-in and the forgotten password (server/auth/handlers.ts, public)
 * and the signed-in user's own second factor (server/auth/twoFactorHandlers.ts,
 * docs/operations/two-factor.md); the data provider's calls (src/dataProvider/authApi.ts,
 * twoFactorApi.ts) are made from the same objects.
 */
import { API_ANSWERS } from '../apiAnswers';
import { defineContract } from '../contract';
import { ENROLMENT_BODY, FORGET_BODY, LOGIN_BODY, RESET_BODY, TWO_FACTOR_CODE_BODY, TWO_FACTOR_POLICY_BODY, VALIDATE_BODY } from './requestSchemas';

export const AUTH_CONTRACTS = {
  login: defineContract({
    method: 'POST',
    base: 'auth',
    path: '',
    summary: 'Login: devolve o token da sessão',
    body: LOGIN_BODY,
    responses: API_ANSWERS.login,
  }),
  enrolment: defineContract({
    method: 'POST',
    base: 'auth',
    path: 'two-factor/enrolment',
    summary: 'Verificação em duas etapas exigida: inicia a configuração no login (com a senha)',
    body: ENROLMENT_BODY,
    responses: API_ANSWERS.twoFactorSetup,
  }),
  forget: defineContract({
    method: 'POST',
    base: 'auth',
    path: 'forget',
    summary: 'Esqueci a senha: envia o código por e-mail',
    body: FORGET_BODY,
    responses: API_ANSWERS.forget,
  }),
  validate: defineContract({
    method: 'POST',
    base: 'auth',
    path: 'forget/validate',
    summary: 'Esqueci a senha: confere o código',
    body: VALIDATE_BODY,
    responses: API_ANSWERS.codeValid,
  }),
  reset: defineContract({
    method: 'POST',
    base: 'auth',
    path: 'forget/reset',
    summary: 'Esqueci a senha: grava a nova senha',
    body: RESET_BODY,
    responses: API_ANSWERS.passwordReset,
  }),
};

export const TWO_FACTOR_CONTRACTS = {
  /** The client calls this one; statusWithSlash answers the same at the URL the document always named. */
  status: defineContract({
    method: 'GET',
    base: 'auth',
    path: 'two-factor',
    summary: 'Verificação em duas etapas da própria conta',
    responses: API_ANSWERS.twoFactorStatus,
  }),
  /** The same status at /api/auth/two-factor/, as older callers and the API's document name it. */
  statusWithSlash: defineContract({
    method: 'GET',
    base: 'auth',
    path: 'two-factor/',
    summary: 'Verificação em duas etapas da própria conta',
    responses: API_ANSWERS.twoFactorStatus,
  }),
  setup: defineContract({
    method: 'POST',
    base: 'auth',
    path: 'two-factor/setup',
    summary: 'Verificação em duas etapas: gera a chave e o QR code',
    responses: API_ANSWERS.twoFactorSetup,
  }),
  confirm: defineContract({
    method: 'POST',
    base: 'auth',
    path: 'two-factor/confirm',
    summary: 'Verificação em duas etapas: confirma com um código e devolve os códigos de recuperação',
    body: TWO_FACTOR_CODE_BODY,
    responses: API_ANSWERS.recoveryCodes,
  }),
  disable: defineContract({
    method: 'POST',
    base: 'auth',
    path: 'two-factor/disable',
    summary: 'Verificação em duas etapas: desativa com um código',
    body: TWO_FACTOR_CODE_BODY,
    responses: API_ANSWERS.twoFactorOff,
  }),
  policy: defineContract({
    method: 'PUT',
    base: 'auth',
    path: 'two-factor/policy',
    summary: 'Exige a verificação em duas etapas dos perfis Administrador e TI da gerenciadora',
    body: TWO_FACTOR_POLICY_BODY,
    responses: API_ANSWERS.twoFactorStatus,
  }),
};
