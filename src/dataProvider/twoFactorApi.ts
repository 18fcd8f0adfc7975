/**
 * The signed-in user's second factor (docs/operations/two-factor.md; base /api/auth/two-factor)
 * and an administrator's reset of a user's. No Idempotency-Key: secrets and recovery codes are
 * answered once and must not rest on the server for a replay.
 */
import type { TwoFactorSetup, TwoFactorStatus } from '../domain/twoFactor';
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
  const post = async <T>(path: string, body?: unknown) => (await client<T>('auth', `/two-factor${path}`, { method: 'POST', body, idempotencyKey: false })).data;
  return {
    async status() {
      return (await client<TwoFactorStatus>('auth', '/two-factor')).data;
    },
    setup: () => post<TwoFactorSetup>('/setup'),
    async confirm(code) {
      return (await post<{ recoveryCodes: string[] }>('/confirm', { code })).recoveryCodes;
    },
    async disable(code) {
      await post('/disable', { code });
    },
    async setPolicy(requireForAdminAndTi) {
      return (await client<TwoFactorStatus>('auth', '/two-factor/policy', { method: 'PUT', body: { requireForAdminAndTi }, idempotencyKey: false })).data;
    },
    async resetUser(userId) {
      await client('riskManagers', `/login/${encodeURIComponent(userId)}/two-factor/reset`, { method: 'POST', idempotencyKey: false });
    },
  };
}
