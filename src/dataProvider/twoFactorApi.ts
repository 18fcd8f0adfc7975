/**
 * The signed-in user's second factor (docs/operations/two-factor.md; base /api/auth/two-factor)
 * and an administrator's reset of a user's. No Idempotency-Key: secrets and recovery codes are
 * answered once and must not rest on the server for a replay.
 */
import { TWO_FACTOR_CONTRACTS } from '../domain/auth/contracts';
import { RISK_MANAGER_CONTRACTS } from '../domain/companies/contracts';
import type { TwoFactorSetup, TwoFactorStatus } from '../domain/twoFactor';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export interface TwoFactorApi {
  status(): Promise<TwoFactorStatus>;
  setup(): Promise<TwoFactorSetup>;
  confirm(code: string): Promise<string[]>;
  disable(code: string): Promise<void>;
  setPolicy(requireForAdminAndTi: boolean): Promise<TwoFactorStatus>;
  /** POST /api/risk-managers/login/{id}/two-factor/reset. */
  resetUser(userId: string): Promise<void>;
}

export function createTwoFactorApi(client: HttpClient): TwoFactorApi {
  const call = createCall(client);
  return {
    status: () => call(TWO_FACTOR_CONTRACTS.status, {}),
    setup: () => call(TWO_FACTOR_CONTRACTS.setup, { idempotencyKey: false }),
    async confirm(code) {
      return (await call(TWO_FACTOR_CONTRACTS.confirm, { body: { code }, idempotencyKey: false })).recoveryCodes;
    },
    async disable(code) {
      await call(TWO_FACTOR_CONTRACTS.disable, { body: { code }, idempotencyKey: false });
    },
    setPolicy: (requireForAdminAndTi) => call(TWO_FACTOR_CONTRACTS.policy, { body: { requireForAdminAndTi }, idempotencyKey: false }),
    async resetUser(userId) {
      await call(RISK_MANAGER_CONTRACTS.resetTwoFactor, { params: { id: userId }, idempotencyKey: false });
    },
  };
}
