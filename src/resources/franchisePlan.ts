/**
 * The Franchise form (docs/rules/validation.md) shared by the shipper's and the providers' price plans:
 * service,
 * name, price, limits (distance, km and hour interval types, operation time hh:mm), overages
 * (charge type, hour and km prices) and toll (charged yes/no, price forced to 0 when not
 * charged by cleanFranchisePlan). Money in cents; active is always true on save.
 */
import { CHARGE_TYPE_OPTIONS, HOUR_INTERVAL_TYPE_OPTIONS, INTERVAL_TYPE_OPTIONS } from '../domain/enums';
import { cleanFranchisePlan } from '../domain/schemas';
import type { FieldDeclaration, FormSection, FormValues } from './framework/types';
import { valueAt } from '../dataProvider/listQuery';

export const planDetailFields: FieldDeclaration[] = [
  { source: 'name', label: 'Nome da franquia', type: 'text' },
  { source: 'price', label: 'Valor do atendimento', type: 'money' },
  { source: 'limits.distance', label: 'Distância (km)', type: 'number', min: 0 },
  { source: 'limits.intervalType', label: 'Cálculo do km', type: 'select', options: INTERVAL_TYPE_OPTIONS },
  { source: 'limits.hourIntervalType', label: 'Cálculo das horas', type: 'select', options: HOUR_INTERVAL_TYPE_OPTIONS },
  { source: 'limits.time', label: 'Tempo de operação (hh:mm)', type: 'time' },
  { source: 'overages.chargeType', label: 'Cálculo da hora excedente', type: 'select', options: CHARGE_TYPE_OPTIONS },
  { source: 'overages.hourPrice', label: 'Valor da hora excedente', type: 'money' },
  { source: 'overages.distancePrice', label: 'Valor do km excedente', type: 'money' },
  { source: 'toll.toCharge', label: 'Cobrar pedágio', type: 'boolean' },
  {
    source: 'toll.price',
    label: 'Valor do pedágio',
    type: 'money',
    // Only meaningful when the toll is charged; cleanFranchisePlan sends 0 otherwise.
    disabledWhen: (values) => valueAt(values, 'toll.toCharge') !== true,
  },
];

/** Sections after the plan's subject rows (`head`: shipper or provider, and service). */
export const planSections = (head: string[]): FormSection[] => [
  { title: 'Franquia', fields: [...head, 'name', 'price'] },
  { title: 'Limites', fields: ['limits.distance', 'limits.intervalType', 'limits.hourIntervalType', 'limits.time'] },
  { title: 'Excedentes', fields: ['overages.chargeType', 'overages.hourPrice', 'overages.distancePrice'] },
  { title: 'Pedágio', fields: ['toll.toCharge', 'toll.price'] },
];

/** Submit-time clean-up of the Franchise form (docs/rules/validation.md). */
export const submitPlan = (values: FormValues): FormValues => cleanFranchisePlan(values);
