import { describe, expect, it } from 'vitest';
import { canReadRoster, canWriteRoster } from '../../src/domain/agents';
import {
  agentLicence,
  agentLicenceText,
  daysUntil,
  expiresSoon,
  isValidOn,
  PF_AUTHORIZATION_EXPIRED,
  PF_AUTHORIZATION_MISSING,
  pfAuthorizationAllows,
  pfAuthorizationBlock,
  saoPauloDay,
} from '../../src/domain/agents/licence';
import { rosterNotices } from '../../src/domain/agents/notices';
import { INVALID_CPF, INVALID_DATE } from '../../src/domain/messages';
import { dayProblem, PF_MESSAGES, ROSTER_MESSAGES, rosterAgentSchema } from '../../src/domain/schemas/rosterAgent';
import { serviceProviderSchema } from '../../src/domain/schemas/serviceProvider';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';

/** The licence rules of docs/rules/agents.md, as the server and the screens share them. */

const today = '2026-12-02';
const context = { now: () => new Date('2026-12-02T15:00:00Z') };
const agent = { name: 'Ana', cpf: '529.982.247-25', cnvNumber: 'cnv-1', cnvValidUntil: '2027-06-30', refresherOn: '2026-01-10', active: true };
const messagesOf = async (value: object) => {
  try {
    await rosterAgentSchema.validate(value, { abortEarly: false, context });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('licence rules', () => {
  it('a document is valid through its last day, in São Paulo', () => {
    expect(isValidOn('2026-12-02', today)).toBe(true);
    expect(isValidOn('2026-12-01', today)).toBe(false);
    expect(isValidOn(null, today)).toBe(false);
    // 01:00 UTC on the 3rd is still the 2nd in São Paulo.
    expect(saoPauloDay(new Date('2026-12-03T01:00:00Z'))).toBe('2026-12-02');
    expect(daysUntil('2027-01-01', today)).toBe(30);
  });

  it('warns from 30 days before the expiry to its last day, not after', () => {
    expect(expiresSoon('2027-01-01', today)).toBe(true);
    expect(expiresSoon('2027-01-02', today)).toBe(false);
    expect(expiresSoon('2026-12-02', today)).toBe(true);
    expect(expiresSoon('2026-12-01', today)).toBe(false);
  });

  it("reads a mission's agent as licensed on the day he was added, expired, or typed without a roster", () => {
    expect(agentLicenceText(agentLicence('2026-12-10', '2026-12-02'))).toBe('CNV válida em 02/12/2026');
    expect(agentLicenceText(agentLicence('2026-11-30', '2026-12-02'))).toBe('CNV vencida');
    expect(agentLicenceText(agentLicence(null, '2026-12-02'))).toBe('sem cadastro');
  });

  it('an expired PF authorisation stops proposals; one not registered yet does not', () => {
    expect(pfAuthorizationAllows('2026-12-01', today)).toBe(false);
    expect(pfAuthorizationAllows('2026-12-02', today)).toBe(true);
    expect(pfAuthorizationAllows(null, today)).toBe(true);
    // The proposal form says so before anything is typed, with the day it expired.
    expect(pfAuthorizationBlock('2026-12-01', today)).toBe(
      'A autorização da Polícia Federal da prestadora venceu em 01/12/2026: não é possível enviar propostas. Peça à gerenciadora que registre a autorização renovada no cadastro da prestadora.',
    );
    expect(pfAuthorizationBlock('2026-12-02', today)).toBeNull();
    expect(pfAuthorizationBlock(null, today)).toBeNull();
  });

  it('the roster notices: PF missing or expired, and the CNVs of active agents expiring soon', () => {
    const agents = [
      { name: 'Paulo', cnvValidUntil: '2026-12-22', active: true },
      { name: 'Inativo', cnvValidUntil: '2026-12-22', active: false },
      { name: 'Ricardo', cnvValidUntil: '2027-12-22', active: true },
    ];
    expect(rosterNotices({ agents, pfAuthorization: { validUntil: null } }, today).map((n) => n.text)).toEqual([
      PF_AUTHORIZATION_MISSING,
      'A CNV do agente Paulo vence em 20 dias (22/12/2026)',
    ]);
    expect(rosterNotices({ agents: [], pfAuthorization: { validUntil: '2026-11-01' } }, today)).toEqual([{ severity: 'error', text: PF_AUTHORIZATION_EXPIRED }]);
  });

  it("a provider's users read their roster, its Administrador writes it; nobody else", () => {
    expect(canWriteRoster({ type: 'service_provider', perfil: 'admin' })).toBe(true);
    expect(canWriteRoster({ type: 'service_provider', perfil: 'operational' })).toBe(false);
    expect(canReadRoster({ type: 'service_provider', perfil: 'operational' })).toBe(true);
    expect(canReadRoster({ type: 'risk_manager', perfil: 'admin' })).toBe(false);
    expect(canReadRoster({ type: 'admin', perfil: 'admin' })).toBe(false);
  });
});

describe('the roster agent schema', () => {
  it('accepts a good agent: CPF unmasked, CNV number upper-cased', async () => {
    expect(await rosterAgentSchema.validate(agent, { context })).toMatchObject({ cpf: '52998224725', cnvNumber: 'CNV-1' });
  });

  it('refuses an invalid CPF, a past CNV validity, a future refresher and impossible days', async () => {
    expect(await messagesOf({ ...agent, cpf: '529.982.247-24' })).toEqual([INVALID_CPF]);
    expect(await messagesOf({ ...agent, cnvValidUntil: '2026-12-01' })).toEqual([ROSTER_MESSAGES.cnvValidUntilPast]);
    expect(await messagesOf({ ...agent, cnvValidUntil: '2026-12-02' })).toEqual([]);
    expect(await messagesOf({ ...agent, refresherOn: '2026-12-03' })).toEqual([ROSTER_MESSAGES.refresherFuture]);
    expect(await messagesOf({ ...agent, cnvValidUntil: '' })).toEqual([ROSTER_MESSAGES.cnvValidUntilRequired]);
    expect(dayProblem('2027-02-29')).toBe(INVALID_DATE);
    expect(dayProblem('2100-01-01')).toBe(DATE_OUT_OF_RANGE);
    expect(dayProblem('2028-02-29')).toBeUndefined();
  });

  it("the provider's PF authorisation: number and validity both or neither", async () => {
    const provider = { name: 'X', legalName: 'X Ltda', cnpj: '11.222.333/0001-81', active: true, contacts: { phone1: '(11) 98765-4321' } };
    // Told under the one missing, where the form shows it.
    await expect(serviceProviderSchema.validate({ ...provider, pfAuthorization: { number: 'PF-1', validUntil: null } })).rejects.toMatchObject({
      path: 'pfAuthorization.validUntil',
      message: PF_MESSAGES.validUntilRequired,
    });
    await expect(serviceProviderSchema.validate({ ...provider, pfAuthorization: { number: null, validUntil: '2027-01-01' } })).rejects.toMatchObject({
      path: 'pfAuthorization.number',
      message: PF_MESSAGES.numberRequired,
    });
    expect((await serviceProviderSchema.validate({ ...provider, pfAuthorization: { number: 'pf-1', validUntil: '2027-01-01' } })).pfAuthorization).toEqual({ number: 'PF-1', validUntil: '2027-01-01' });
  });
});
