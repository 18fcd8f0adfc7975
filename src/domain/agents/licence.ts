/**
 * Licensed agents only (docs/rules/agents.md): an agent's CNV (Carteira Nacional de Vigilante,
 * Lei 14.967/2024) and a provider's Polícia Federal authorisation, each valid through its last day.
 * Days are calendar days in São Paulo time ('aaaa-mm-dd'), as the documents print them: the server
 * and a phone elsewhere agree on which day it is.
 */
import { SAO_PAULO_CLOCK } from '../validators/dates';

/** How many days ahead of an expiry the provider's Administrador users are warned. */
export const EXPIRY_WARNING_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's calendar day in São Paulo ('aaaa-mm-dd'). */
export function saoPauloDay(now: Date): string {
  const part = Object.fromEntries(SAO_PAULO_CLOCK.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  return `${String(part.year ?? 0).padStart(4, '0')}-${pad(part.month ?? 0)}-${pad(part.day ?? 0)}`;
}

/** 'aaaa-mm-dd' as people read it: dd/mm/aaaa. */
export const dayText = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** Whole days from `today` to `until` (negative once past). */
export const daysUntil = (until: string, today: string): number => Math.round((dayMs(until) - dayMs(today)) / DAY_MS);

/** A document valid until `until` (inclusive) is valid on `day`; none registered is not. */
export const isValidOn = (until: string | null, day: string): boolean => until !== null && until >= day;

/** Valid today and expiring within the warning window: the provider is warned. */
export const expiresSoon = (until: string | null, today: string): boolean =>
  until !== null && isValidOn(until, today) && daysUntil(until, today) <= EXPIRY_WARNING_DAYS;

export const CNV_EXPIRED = 'A CNV deste agente está vencida: ele não pode ser colocado em uma missão';
export const AGENT_INACTIVE = 'Este agente está inativo no cadastro';
export const ROSTER_AGENT_REQUIRED = 'Escolha um agente do cadastro da prestadora';
export const PF_AUTHORIZATION_EXPIRED = 'A autorização da Polícia Federal da prestadora está vencida: não é possível enviar propostas';
export const PF_AUTHORIZATION_MISSING = 'A autorização da Polícia Federal da prestadora não está cadastrada: peça à gerenciadora que a registre';

/** A provider sends proposals unless its registered authorisation expired before `day` (none registered yet: allowed, and told). */
export const pfAuthorizationAllows = (until: string | null, day: string): boolean => until === null || isValidOn(until, day);

/**
 * What the proposal form says before anything is typed when the authorisation expired (the server
 * refuses the send the same way); null when the provider may propose.
 */
export function pfAuthorizationBlock(until: string | null, day: string): string | null {
  if (until === null || pfAuthorizationAllows(until, day)) return null;
  return `A autorização da Polícia Federal da prestadora venceu em ${dayText(until)}: não é possível enviar propostas. Peça à gerenciadora que registre a autorização renovada no cadastro da prestadora.`;
}

/** How the risk manager reads a mission's agent: licensed on the day it was put on the mission? */
export type AgentLicence = { kind: 'unregistered' } | { kind: 'valid'; day: string } | { kind: 'expired' };

/** The licence of a mission's agent, from its snapshot (null validity: typed freely, 'sem cadastro') and the day it was added. */
export function agentLicence(cnvValidUntil: string | null, addedOn: string): AgentLicence {
  if (cnvValidUntil === null) return { kind: 'unregistered' };
  return isValidOn(cnvValidUntil, addedOn) ? { kind: 'valid', day: addedOn } : { kind: 'expired' };
}

export function agentLicenceText(licence: AgentLicence): string {
  if (licence.kind === 'unregistered') return 'sem cadastro';
  return licence.kind === 'valid' ? `CNV válida em ${dayText(licence.day)}` : 'CNV vencida';
}

/** The warning line of a document expiring soon (the roster's notice and the e-mail). */
export function expiryWarning(what: string, until: string, today: string): string {
  const days = daysUntil(until, today);
  const when = days === 0 ? 'vence hoje' : days === 1 ? 'vence amanhã' : `vence em ${days} dias`;
  return `${what} ${when} (${dayText(until)})`;
}
