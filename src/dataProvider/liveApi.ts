/**
 * The live stream's calls (docs/operations/several-instances.md; paths in src/domain/live):
 *
 * | method      | call                                                        |
 * |-------------|-------------------------------------------------------------|
 * | liveTicket  | POST live/ticket → { ticket, expiresAt } (single use, 60 s) |
 *
 * The stream itself is opened by an EventSource on liveStreamUrl(ticket): EventSource cannot send
 * headers, which is why the ticket exists and the session token never appears in a URL.
 */
import { LIVE_PATHS } from '../domain/live';
import { LIVE_CONTRACTS } from '../domain/live/contracts';
import { createCall } from './call';
import { serviceUrl } from './endpoints';
import type { HttpClient } from './httpClient';

export function createLiveApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    liveTicket: () => call(LIVE_CONTRACTS.ticket, { body: {} }),
  };
}

export function liveStreamUrl(ticket: string, lastEventId: string | null): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId) query.set('lastEventId', lastEventId);
  return `${serviceUrl('missions', LIVE_PATHS.stream)}?${query.toString()}`;
}
