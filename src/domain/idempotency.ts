/**
 * The Idempotency-Key refusals (docs/api.md), shared by the server that answers them and the
 * device's outbox (docs/rules/field-app.md, "Nada se perde sem sinal"), which must tell "the first
 * try is still running, try again later" from a real refusal.
 */
export const IDEMPOTENCY_ERRORS = {
  inProgress: 'Requisição em andamento',
  reused: 'Idempotency-Key reutilizada em outra requisição',
  invalidKey: 'Idempotency-Key inválida',
} as const;
