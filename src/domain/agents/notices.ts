/**
 * What the roster screen warns of (docs/rules/agents.md): the PF authorisation expired, missing or
 * expiring, and each active agent's CNV expiring within the window — the same window the e-mails use.
 */
import { expiresSoon, expiryWarning, isValidOn, PF_AUTHORIZATION_EXPIRED, PF_AUTHORIZATION_MISSING } from './licence';

export interface RosterNotice {
  severity: 'error' | 'warning';
  text: string;
}

export function rosterNotices(
  roster: { agents: readonly { name: string; cnvValidUntil: string; active: boolean }[]; pfAuthorization: { validUntil: string | null } },
  today: string,
): RosterNotice[] {
  const notices: RosterNotice[] = [];
  const pf = roster.pfAuthorization.validUntil;
  if (pf === null) notices.push({ severity: 'warning', text: PF_AUTHORIZATION_MISSING });
  else if (!isValidOn(pf, today)) notices.push({ severity: 'error', text: PF_AUTHORIZATION_EXPIRED });
  else if (expiresSoon(pf, today)) notices.push({ severity: 'warning', text: expiryWarning('A autorização da Polícia Federal da prestadora', pf, today) });
  for (const agent of roster.agents) {
    if (agent.active && expiresSoon(agent.cnvValidUntil, today)) notices.push({ severity: 'warning', text: expiryWarning(`A CNV do agente ${agent.name}`, agent.cnvValidUntil, today) });
  }
  return notices;
}
