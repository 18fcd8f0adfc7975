/**
 * The billing screen's texts (docs/rules/billing.md; the load failure is the details screen's,
 * docs/rules/billing.md).
 * The confirmation and read-only notices name the parties (Cliente, Prestadora).
 */
import { BILLING_TARGET_LABELS, type BillingTarget } from './access';

export const BILLING_UPDATED = 'Faturamento atualizado';
export const BILLING_UPDATE_FAILED = 'Ocorreu um erro ao tentar atualizar o faturamento';
export const BILLING_RECALC_FAILED = 'Não foi possível recalcular agora; os valores mostrados são os últimos calculados.';

/** 'Faturamento - Cliente' / 'Faturamento - Prestadora'. */
export const billingTitle = (target: BillingTarget): string => `Faturamento - ${BILLING_TARGET_LABELS[target]}`;

/** The question of the finalize confirmation, naming the party billed. */
export const finalizeQuestion = (target: BillingTarget): string => `Faturar ${BILLING_TARGET_LABELS[target]}?`;

export const finalizeWarning = (target: BillingTarget, processNumber: string): string =>
  `O faturamento ${target === 'shipper' ? 'do Cliente' : 'da Prestadora'} da missão ${processNumber} será concluído e não poderá mais ser alterado.`;

/** Why a side is read-only for this viewer. */
export const readOnlyNotice = (target: BillingTarget, billed: boolean): string =>
  billed
    ? `Faturamento ${target === 'shipper' ? 'do Cliente' : 'da Prestadora'} concluído: somente leitura.`
    : `Você pode consultar o faturamento ${target === 'shipper' ? 'do Cliente' : 'da Prestadora'}, mas não alterá-lo.`;
