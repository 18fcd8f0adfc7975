import { describe, expect, it } from 'vitest';
import { ADMIN_CODE_MESSAGES, adminCodeOf, AUTH_ERRORS, INVALID_ADMIN_SUB, MISSING_RISK_MANAGER_ISSUE } from '../../src/domain/apiErrors';

/** The shared codes and strings of the API contract (docs/api.md, docs/rules/messages.md), written once. */

describe('admin codes', () => {
  it('carry the texts of docs/rules/messages.md', () => {
    expect(ADMIN_CODE_MESSAGES).toEqual({
      missingRiskManager: 'Gestora de risco não informada',
      missingName: 'Nomeação não informada',
      missingActive: 'Ativação pendente',
    });
    expect(INVALID_ADMIN_SUB).toBe('invalid admin sub');
    expect(MISSING_RISK_MANAGER_ISSUE).toEqual({ code: 'missingRiskManager', path: 'riskManager', message: 'Gestora de risco não informada' });
  });

  it('map an issue to its admin code: its own code, too_small on name or active, nothing else', () => {
    expect(adminCodeOf({ code: 'missingRiskManager', path: 'riskManager', message: '' })).toBe('missingRiskManager');
    expect(adminCodeOf({ code: 'missingActive', path: 'active', message: '' })).toBe('missingActive');
    expect(adminCodeOf({ code: 'too_small', path: 'name', message: '' })).toBe('missingName');
    expect(adminCodeOf({ code: 'too_small', path: 'active', message: '' })).toBe('missingActive');
    expect(adminCodeOf({ code: 'too_small', path: 'legalName', message: '' })).toBeUndefined();
    // Inherited object keys are no codes.
    expect(adminCodeOf({ code: 'toString', path: 'name', message: '' })).toBeUndefined();
  });
});

describe('auth error strings', () => {
  it('are the machine strings the auth service answers', () => {
    expect(AUTH_ERRORS).toEqual({
      invalidCredentials: 'invalid credentials',
      invalidResetCode: 'invalid reset code',
      tooManyAttempts: 'too many attempts',
    });
  });
});
