import { providerFranchisePlanInitialValues, providerFranchisePlanSchema } from '../domain/schemas';
import { plainText } from '../domain/plainText';
import type { FormValues, ResourceDeclaration } from './framework/types';
import { planDetailFields, planSections, submitPlan } from './franchisePlan';
import { catalogueAccess } from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

/** 'Todos': a plan for every provider of the risk manager (serviceProvider null). */
export const ALL_PROVIDERS = { label: 'Todos', value: null };

const providerText = (record: FormValues): string =>
  record.serviceProvider === null || record.serviceProvider === undefined
    ? ALL_PROVIDERS.label
    : plainText(record.serviceProviderName ?? record.serviceProvider);

/**
 * Franchise plans of a service for providers (/home/admin/advanced/franchises/{id}/franchiseProviders).
 * The service is the parent; the provider is one of the risk manager's providers or 'Todos'.
 */
export const franchiseProviders: ResourceDeclaration = {
  name: 'franchiseProviders',
  title: 'Prestadores de Serviço (franquias)',
  entity: 'Franquia de prestador',
  endpoint: WRITTEN_ENDPOINTS.franchiseProviders,
  schema: providerFranchisePlanSchema,
  createDefaults: (ctx) => ({
    ...structuredClone(providerFranchisePlanInitialValues),
    franchise_plan: ctx.parentId ?? '',
    riskManager: ctx.user.riskManager ?? ctx.parentRecord?.riskManager ?? null,
  }),
  fields: [
    {
      source: 'serviceProvider',
      label: 'Prestadora de serviços',
      type: 'select',
      displaySource: 'serviceProviderName',
      reference: {
        resource: 'riskManagerProviders',
        optionLabel: 'name',
        // The providers of the plan's risk manager: the user's own, or the service's for admins.
        parentId: (ctx) =>
          ctx.user.riskManager ??
          (typeof ctx.parentRecord?.riskManager === 'string' ? ctx.parentRecord.riskManager : undefined),
        allOption: ALL_PROVIDERS,
      },
    },
    ...planDetailFields,
  ],
  columns: [
    { source: 'serviceProviderName', text: providerText },
    { source: 'active', label: 'Ativo' },
  ],
  sections: planSections(['serviceProvider']),
  toSubmit: submitPlan,
  access: catalogueAccess('franchiseProviders'),
  parent: { resource: 'franchises', labelSource: 'name' },
  recordRepresentation: providerText,
  successMessage: 'Franquias de prestadores atualizadas com sucesso',
};
