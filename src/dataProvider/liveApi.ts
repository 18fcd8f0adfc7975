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
import { LIVE_PATHS, type LiveTicket } from '../domain/live';
import { serviceUrl } from './endpoints';
import type { HttpClient } from './httpClient';

export function createLiveApi(httpClient: HttpClient) {
  return {
    liveTicket: async () => (await httpClient<LiveTicket>('missions', LIVE_PATHS.ticket, { method: 'POST', body: {} })).data,
  };
}

export function liveStreamUrl(ticket: string, lastEventId: string | null): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId) query.set('lastEventId', lastEventId);
  return `${serviceUrl('missions', LIVE_PATHS.stream)}?${query.toString()}`;
}
