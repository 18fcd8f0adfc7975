/**
 * The risk manager's calls of the shipper's tracking link (paths in src/domain/tracking):
 *
 * | method              | call                                                          |
 * |---------------------|---------------------------------------------------------------|
 * | trackingLink        | GET {id}/tracking → { link } (the latest, never its token)    |
 * | createTrackingLink  | POST {id}/tracking → { link, url } (replaces the previous)    |
 * | revokeTrackingLink  | DELETE {id}/tracking → { link } (revoked)                     |
 *
 * The shipper's page itself calls the public routes with plain fetch (src/custom/tracking).
 */
import { TRACKING_CONTRACTS } from '../domain/tracking/contracts';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createTrackingApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    trackingLink: (id: string, signal?: AbortSignal) => call(TRACKING_CONTRACTS.link, { params: { id }, signal }),
    createTrackingLink: (id: string) => call(TRACKING_CONTRACTS.create, { params: { id }, body: {} }),
    revokeTrackingLink: (id: string) => call(TRACKING_CONTRACTS.revoke, { params: { id } }),
  };
}
