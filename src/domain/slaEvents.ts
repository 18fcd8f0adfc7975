/**
 * The mission event that records a breached SLA phase (one event per breach, written in the
 * mission's event log). The provider scorecards count the events of this kind
 * (server/reports/scorecardData.ts), attributed to the provider the event names, or else to the
 * mission's holder.
 */
export const SLA_BREACH_EVENT = 'sla_breach';
