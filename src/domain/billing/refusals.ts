/**
 * What the billing service answers when it refuses a call, pt-BR as
 * every text a person reads. The screen shows them in its error toast.
 */
import { formatMoney } from '../validators/money';

/** 409: the side is final (docs/rules/billing.md: read-only once billed). */
export const BILLING_ALREADY_BILLED = 'Este faturamento já foi concluído e não pode mais ser alterado';

/** 409: the mission has not reached billing (not finished, or reopened since). */
export const BILLING_MISSION_NOT_FINISHED = 'A missão ainda não foi finalizada; não há faturamento para ela';

/** 400: the chosen plan is not one the side's price reference select offers. */
export const BILLING_PLAN_NOT_OFFERED = 'Selecione uma referência de preço da tabela deste faturamento';

/** 404: no billing side with this id for the caller. */
export const BILLING_NOT_FOUND = 'Faturamento não encontrado';

/** 400: the total (or a usage) is beyond what a bill can hold (int4 cents: R$ 21.474.836,47). */
export const BILLING_TOTAL_TOO_LARGE = 'Os valores deste faturamento ultrapassam o máximo permitido';

/**
 * 400, and the screen's notice beside the final cost: the discounts exceed everything the side
 * charges (cents), which would otherwise leave a final cost of R$ 0,00 without saying why.
 */
export const discountExceedsTotal = (discounts: number, total: number): string =>
  `O desconto (${formatMoney(discounts)}) é maior que o total do faturamento (${formatMoney(total)}). Reduza o desconto para salvar.`;
