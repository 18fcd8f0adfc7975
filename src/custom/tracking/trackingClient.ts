/**
 * The shipper's page talking to the public tracking routes: the view (a load counts as a view, a
 * refresh does not) and the live stream's address. The public client (no session, no react-admin),
 * so the page stays light.
 */
import { trackingApiPath, TRACKING_UNREACHABLE } from '../../domain/tracking';
import type { TrackingView } from '../../domain/tracking/contracts';
import { HttpError } from '../../dataProvider/HttpError';
import { serviceUrl } from '../../dataProvider/endpoints';
import type { HttpClient } from '../../dataProvider/httpClient';

/** What a load answered: the view, the link's end (revoked, expired, unknown) or a passing failure. */
export type TrackingAnswer = { kind: 'view'; view: TrackingView } | { kind: 'gone'; message: string } | { kind: 'failed'; message: string };

export async function loadTracking(client: HttpClient, token: string, refresh: boolean): Promise<TrackingAnswer> {
  try {
    const { data } = await client<TrackingView>('missions', trackingApiPath('view', token), { authorized: false, query: refresh ? { refresh: 1 } : undefined });
    return { kind: 'view', view: data };
  } catch (error) {
    // 400 (a mangled address), 404 (unknown), 410 (revoked or expired): the link will not open again.
    if (error instanceof HttpError && [400, 404, 410].includes(error.status)) return { kind: 'gone', message: error.message };
    return { kind: 'failed', message: error instanceof HttpError && error.status === 429 ? error.message : TRACKING_UNREACHABLE };
  }
}

export const trackingStreamUrl = (token: string) => serviceUrl('missions', trackingApiPath('live', token));
