/**
 * The billing service's mission calls (docs/api.md, base /api/v1/billing) as contracts
 * (src/domain/contract.ts): the server's routes (server/billing/missionBilling/handlers.ts) and the
 * data provider's calls (src/dataProvider/billingApi.ts, scorecardsApi.ts) are both made from them.
 */
import { defineContract } from '../contract';
import { idParams } from '../jsonSchemaParts';
import { billingSchema } from '../schemas/billing';
import { BILLING_MISSION_PATHS } from './api';
import { costMeterSchema } from './meterSchemas';
import { billingCalculationSchema, billingSideSchema, finalizedSchema, missionBillingSchema, priceReferenceSchema } from './responseSchemas';

const priceTables = { type: 'array', items: priceReferenceSchema } as const;

export const BILLING_CONTRACTS = {
  byMission: defineContract({
    method: 'GET',
    base: 'billing',
    path: BILLING_MISSION_PATHS.byMission,
    summary: 'Faturamento de uma missão',
    params: idParams,
    responses: { 200: missionBillingSchema },
  }),
  calculus: defineContract({
    method: 'POST',
    base: 'billing',
    path: BILLING_MISSION_PATHS.calculus,
    summary: 'Calcula o faturamento de uma missão',
    params: idParams,
    body: billingSchema,
    responses: { 200: billingCalculationSchema },
  }),
  save: defineContract({
    method: 'PUT',
    base: 'billing',
    path: BILLING_MISSION_PATHS.save,
    summary: 'Altera o faturamento de uma missão',
    params: idParams,
    body: billingSchema,
    responses: { 200: { ...billingSideSchema, description: 'Lado salvo, ainda aberto.' } },
  }),
  finalize: defineContract({
    method: 'POST',
    base: 'billing',
    path: BILLING_MISSION_PATHS.finalize,
    summary: 'Encerra o faturamento de uma missão',
    params: idParams,
    body: billingSchema,
    responses: { 200: finalizedSchema },
  }),
  meter: defineContract({
    method: 'GET',
    base: 'billing',
    path: BILLING_MISSION_PATHS.meter,
    summary: 'Custo em andamento de uma missão (o lado de quem chama)',
    params: idParams,
    responses: { 200: costMeterSchema },
  }),
  riskManagerPriceTables: defineContract({
    method: 'GET',
    base: 'billing',
    path: BILLING_MISSION_PATHS.riskManagerPriceTables,
    summary: 'Tabela de preços de uma gerenciadora',
    params: idParams,
    responses: { 200: priceTables },
  }),
  shipperPriceTables: defineContract({
    method: 'GET',
    base: 'billing',
    path: BILLING_MISSION_PATHS.shipperPriceTables,
    summary: 'Tabela de preços de um embarcador',
    params: idParams,
    responses: { 200: priceTables },
  }),
};
