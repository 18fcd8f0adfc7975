import { shipperFranchisePlanInitialValues, shipperFranchisePlanSchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import { planDetailFields, planSections, submitPlan } from './franchisePlan';
import { catalogueAccess } from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

/**
 * Franchise plans of a shipper (/home/admin/advanced/shippers/{id}/shippersFranchise). The shipper
 * is the parent; the plan prices one of the services ('Serviços e Franquias').
 */
export const shippersFranchise: ResourceDeclaration = {
  name: 'shippersFranchise',
  title: 'Franquias (cliente)',
  entity: 'Franquia do embarcador',
  endpoint: WRITTEN_ENDPOINTS.shippersFranchise,
  schema: shipperFranchisePlanSchema,
  createDefaults: (ctx) => ({
    ...structuredClone(shipperFranchisePlanInitialValues),
    shipper: ctx.parentId ?? '',
    // An admin's plan belongs to the shipper's risk manager.
    riskManager: ctx.user.riskManager ?? ctx.parentRecord?.riskManager ?? null,
  }),
  fields: [
    {
      source: 'shipper',
      label: 'Embarcador',
      type: 'select',
      readOnly: true,
      displaySource: 'shipperName',
      options: (ctx) =>
        ctx.parentId && typeof ctx.parentRecord?.name === 'string' ? [{ value: ctx.parentId, label: ctx.parentRecord.name }] : [],
    },
    {
      source: 'franchise_plan',
      label: 'Modalidade',
      type: 'select',
      reference: { resource: 'franchises', optionLabel: 'name', filter: { active: true } },
    },
    ...planDetailFields,
  ],
  columns: [
    { source: 'name', label: 'Nome' },
    { source: 'active', label: 'Ativo' },
  ],
  sections: planSections(['shipper', 'franchise_plan']),
  toSubmit: submitPlan,
  access: catalogueAccess('shippersFranchise'),
  parent: { resource: 'shippers', labelSource: 'name' },
  successMessage: 'Franquias do embarcador atualizadas com sucesso',
};
