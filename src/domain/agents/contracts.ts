/**
 * The roster of security agents (docs/rules/agents.md; base /api/service-providers) as contracts
 * (src/domain/contract.ts): a provider's own users only; competitors never read each other's.
 */
import { defineContract } from '../contract';
import type { FromSchema } from '../fromSchema';
import { exactObject, idParams, instant, nullableText, text } from '../jsonSchemaParts';
import { rosterAgentSchema } from '../schemas/rosterAgent';

const rosterAgentAnswer = exactObject(
  {
    _id: text,
    name: text,
    /** 11 digits. */
    cpf: text,
    cnvNumber: text,
    /** aaaa-mm-dd, valid through that day. */
    cnvValidUntil: text,
    refresherOn: nullableText,
    active: { type: 'boolean' },
    createdAt: instant,
  },
  { description: 'Um agente de segurança do cadastro da prestadora.' },
);
export type RosterAgent = FromSchema<typeof rosterAgentAnswer>;

const rosterAnswer = exactObject(
  {
    agents: { type: 'array', items: rosterAgentAnswer },
    /** The provider's Polícia Federal authorisation (both null when not registered). */
    pfAuthorization: exactObject({ number: nullableText, validUntil: nullableText }),
    /** Today in São Paulo (aaaa-mm-dd), the day the server judges validity by. */
    today: text,
  },
  { description: 'O cadastro de agentes da prestadora de quem chama e a sua autorização da Polícia Federal.' },
);
export type Roster = FromSchema<typeof rosterAnswer>;

export const ROSTER_PATHS = { list: 'agents', one: 'agents/:id' } as const;

export const ROSTER_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    base: 'serviceProviders',
    path: ROSTER_PATHS.list,
    summary: 'Cadastro de agentes de segurança da própria prestadora',
    responses: { 200: rosterAnswer },
  }),
  create: defineContract({
    method: 'POST',
    base: 'serviceProviders',
    path: ROSTER_PATHS.list,
    summary: 'Cadastra um agente de segurança (perfil Administrador da prestadora)',
    body: rosterAgentSchema,
    responses: { 201: rosterAgentAnswer },
  }),
  update: defineContract({
    method: 'PUT',
    base: 'serviceProviders',
    path: ROSTER_PATHS.one,
    summary: 'Altera um agente de segurança (perfil Administrador da prestadora)',
    params: idParams,
    body: rosterAgentSchema,
    responses: { 200: rosterAgentAnswer },
  }),
};
