/**
 * The risk-manager and service-provider services' account calls (docs/api.md, bases
 * /api/risk-managers and /api/service-providers) as contracts (src/domain/contract.ts): the tenants
 * a caller sees, the users of /home/users, the providers' logins and a provider's own base
 * (server/companies/*Handlers.ts).
 *
 * A user's body is described from its shared yup schema but validated by the handler itself, after
 * it has settled who asks and which record (a 403 or a 404 comes before a 400, as it always did).
 */
import { API_ANSWERS } from '../apiAnswers';
import { pagedListContract } from '../catalogueContracts';
import { defineContract } from '../contract';
import { yupDescribed } from '../jsonSchemaOf';
import { exactObject, idParams } from '../jsonSchemaParts';
import { locationSchema } from '../missions/responseSchemas';
import { providerLoginAnswer, riskManagerInfoAnswer, userAnswer } from '../recordAnswers';
import { providerLoginCreateSchema, providerLoginUpdateSchema, userCreateSchema, userUpdateSchema } from '../schemas';

const removed = { 204: { type: 'null', description: 'Removido.' } } as const;

/** The columns the users list sorts by on the server (server/companies/accountQueries.ts USERS_LISTING). */
export const USER_LIST_SORTS = ['name', 'email', 'role.perfil', 'active', 'riskManager'] as const;

export const RISK_MANAGER_CONTRACTS = {
  info: defineContract({
    method: 'GET',
    base: 'riskManagers',
    path: 'info',
    summary: 'Gerenciadoras visíveis a quem chama',
    responses: { 200: { type: 'array', items: riskManagerInfoAnswer } },
  }),
  /** /home/users: the whole list, or one page when asked for page, sort or filter (server/shared/pagedList.ts). */
  users: pagedListContract('login', USER_LIST_SORTS, { base: 'riskManagers', label: 'Usuários', answer: userAnswer }),
  user: defineContract({
    method: 'GET',
    base: 'riskManagers',
    path: 'login/:id',
    summary: 'Lê um registro: Usuários',
    params: idParams,
    responses: { 200: userAnswer },
  }),
  createUser: defineContract({
    method: 'POST',
    base: 'riskManagers',
    path: 'login',
    summary: 'Cria: Usuários',
    body: yupDescribed(userCreateSchema),
    responses: { 201: userAnswer },
  }),
  updateUser: defineContract({
    method: 'PUT',
    base: 'riskManagers',
    path: 'login/:id',
    summary: 'Altera: Usuários',
    params: idParams,
    body: yupDescribed(userUpdateSchema),
    responses: { 200: userAnswer },
  }),
  resetTwoFactor: defineContract({
    method: 'POST',
    base: 'riskManagers',
    path: 'login/:id/two-factor/reset',
    summary: 'Redefine a verificação em duas etapas de um usuário',
    params: idParams,
    responses: API_ANSWERS.twoFactorOff,
  }),
  removeUser: defineContract({
    method: 'DELETE',
    base: 'riskManagers',
    path: 'login/:id',
    summary: 'Exclui: Usuários',
    params: idParams,
    responses: removed,
  }),
};

/**
 * A provider's base as its own users read it (docs/rules/field-app.md: it prefills the proposal):
 * the address and coordinates, or null when the provider has none.
 */
export const ownBaseAnswer = exactObject(
  { base: { ...locationSchema, type: ['object', 'null'] } },
  { description: 'A base da prestadora de quem chama (nula quando não cadastrada).' },
);

export const SERVICE_PROVIDER_CONTRACTS = {
  /** Only a provider's own users, and only its own base: competitors never read each other's (docs/rules/competition.md). */
  ownBase: defineContract({
    method: 'GET',
    base: 'serviceProviders',
    path: 'base',
    summary: 'Lê a base da própria prestadora',
    responses: { 200: ownBaseAnswer },
  }),
  logins: defineContract({
    method: 'GET',
    base: 'serviceProviders',
    path: ':id/logins',
    summary: 'Lista: Logins',
    params: idParams,
    responses: { 200: { type: 'array', items: providerLoginAnswer } },
  }),
  login: defineContract({
    method: 'GET',
    base: 'serviceProviders',
    path: 'login/:id',
    summary: 'Lê um registro: Logins',
    params: idParams,
    responses: { 200: providerLoginAnswer },
  }),
  createLogin: defineContract({
    method: 'POST',
    base: 'serviceProviders',
    path: 'login',
    summary: 'Cria: Logins',
    body: yupDescribed(providerLoginCreateSchema),
    responses: { 201: providerLoginAnswer },
  }),
  updateLogin: defineContract({
    method: 'PUT',
    base: 'serviceProviders',
    path: 'login/:id',
    summary: 'Altera: Logins',
    params: idParams,
    body: yupDescribed(providerLoginUpdateSchema),
    responses: { 200: providerLoginAnswer },
  }),
  removeLogin: defineContract({
    method: 'DELETE',
    base: 'serviceProviders',
    path: 'login/:id',
    summary: 'Exclui: Logins',
    params: idParams,
    responses: removed,
  }),
};
