/**
 * The franchise plans' calls as contracts (src/domain/catalogueContracts.ts), from their registry
 * entries (catalogues.ts: shippersFranchise, franchiseProviders): what a shipper pays the tenant and
 * what the tenant pays its providers (docs/rules/billing.md), served by the billing service, and the
 * two lists other screens read — a shipper's plans (admin service) and a risk manager's providers
 * (the plan form's select).
 */
import { CATALOGUES } from './catalogues';
import { childListContract, createContract, oneContract, removeContract, updateContract, type RecordAnswerSchema } from './catalogueContracts';
import { defineContract } from './contract';
import type { AnySchema } from 'yup';
import { ENDPOINTS } from './endpoints';
import { idParams } from './jsonSchemaParts';
import { PROVIDER_PLAN_EXTRA, SHIPPER_PLAN_EXTRA, namedAnswer, recordAnswer } from './recordAnswers';
import { providerFranchisePlanSchema, shipperFranchisePlanSchema } from './schemas';

export const SHIPPER_PLAN_ANSWER = recordAnswer(shipperFranchisePlanSchema, {
  owned: true,
  extra: SHIPPER_PLAN_EXTRA,
  description: 'Plano de franquia de um embarcador.',
});
export const PROVIDER_PLAN_ANSWER = recordAnswer(providerFranchisePlanSchema, {
  owned: true,
  extra: PROVIDER_PLAN_EXTRA,
  description: 'Plano de franquia pago aos prestadores de um serviço.',
});

/** A child list's path as the server names its parent: `:id`, like every id of the API. */
const parentAsId = (path: string) => path.replace(':parentId', ':id');

const planContracts = (name: 'shippersFranchise' | 'franchiseProviders', answer: RecordAnswerSchema, schema: AnySchema) => {
  const { endpoint, label } = CATALOGUES[name];
  const parts = { base: endpoint.base, label, answer, schema };
  return {
    list: childListContract(parentAsId(endpoint.list), parts),
    one: oneContract(endpoint.one, parts),
    create: createContract(endpoint.create, parts),
    update: updateContract(endpoint.update, parts),
    remove: removeContract(endpoint.remove, parts),
  };
};

export const SHIPPER_PLAN_CONTRACTS = planContracts('shippersFranchise', SHIPPER_PLAN_ANSWER, shipperFranchisePlanSchema);
export const PROVIDER_PLAN_CONTRACTS = planContracts('franchiseProviders', PROVIDER_PLAN_ANSWER, providerFranchisePlanSchema);

/** GET /api/admin/shippers/:id/franchises: a shipper's plans, read by the shipper's screens. */
export const SHIPPER_FRANCHISES_CONTRACT = defineContract({
  ...childListContract('shippers/:id/franchises', {
    base: 'admin',
    label: CATALOGUES.shippersFranchise.label,
    answer: SHIPPER_PLAN_ANSWER,
    schema: shipperFranchisePlanSchema,
  }),
  summary: 'Franquias de um embarcador',
});

/** The providers of one risk manager, for the plan form's provider select. */
export const RISK_MANAGER_PROVIDERS_CONTRACT = defineContract({
  method: 'GET',
  base: ENDPOINTS.riskManagerProviders.base,
  path: parentAsId(ENDPOINTS.riskManagerProviders.list),
  summary: 'Prestadores de uma gerenciadora (planos de franquia)',
  params: idParams,
  responses: { 200: { type: 'array', items: namedAnswer } },
});
