import { useEffect, useState } from 'react';
import { liveBackoffMs, LIVE_EVENT, LIVE_POSITION_EVENT, LIVE_RESYNC_EVENT } from '../../domain/live';
import { TRACKING_POLL_MS, TRACKING_REVOKED, TRACKING_REVOKED_EVENT } from '../../domain/tracking';
import type { TrackingView } from '../../domain/tracking/contracts';
import type { HttpClient } from '../../dataProvider/httpClient';
import { loadTracking, trackingStreamUrl } from './trackingClient';

/**
 * Tokens this page already counted a view of: the page may mount its content again (the brand
 * theme arriving), which is not another person looking.
 */
const counted = new Set<string>();

export type TrackingState =
  | { kind: 'loading' }
  | { kind: 'view'; view: TrackingView; live: boolean; problem: string | null }
  | { kind: 'gone'; message: string }
  | { kind: 'failed'; message: string };

/**
 * The page's data: one load (the view counted), then the link's live stream (the same hub as the
 * back-office's, scoped to this one mission): each event, a reconnection or a resync refetches
 * without counting a view; 'revoked' ends the page at once. Between events it refetches every
 * TRACKING_POLL_MS (the arrival is written by the agents' form, which announces nothing) and when
 * the link's expiry comes.
 */
export function useTracking(client: HttpClient, token: string): TrackingState {
  const [state, setState] = useState<TrackingState>({ kind: 'loading' });

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => void refetch(true), TRACKING_POLL_MS);
    let attempts = 0;
    let live = false;

    const stop = () => {
      stopped = true;
      source?.close();
      clearTimeout(retry);
      clearTimeout(expiry);
      clearInterval(poll);
    };
    const refetch = async (refresh: boolean) => {
      const answer = await loadTracking(client, token, refresh);
      if (stopped) return;
      if (answer.kind === 'gone') {
        stop();
        setState(answer);
        return;
      }
      setState((previous) => {
        if (answer.kind === 'view') return { kind: 'view', view: answer.view, live, problem: null };
        // A passing failure keeps what was shown, with the reason above it.
        return previous.kind === 'view' ? { ...previous, problem: answer.message } : answer;
      });
      if (answer.kind === 'view') {
        clearTimeout(expiry);
        const left = answer.view.expiresAt ? Date.parse(answer.view.expiresAt) - Date.now() : null;
        // setTimeout holds at most ~24.8 days; the poll covers anything longer.
        if (left !== null && left < 2 ** 31 - 1) expiry = setTimeout(() => void refetch(true), Math.max(0, left) + 1000);
      }
    };
    const setLive = (value: boolean) => {
      live = value;
      setState((previous) => (previous.kind === 'view' && previous.live !== value ? { ...previous, live: value } : previous));
    };
    const connect = () => {
      if (stopped || typeof EventSource === 'undefined') return;
      source = new EventSource(trackingStreamUrl(token));
      source.onopen = () => {
        attempts = 0;
        setLive(true);
        // Whatever happened while the stream was down.
        void refetch(true);
      };
      source.addEventListener(LIVE_EVENT, () => void refetch(true));
      // The team moved (docs/rules/positions.md): where it is and the estimate come with the view.
      source.addEventListener(LIVE_POSITION_EVENT, () => void refetch(true));
      source.addEventListener(LIVE_RESYNC_EVENT, () => void refetch(true));
      source.addEventListener(TRACKING_REVOKED_EVENT, () => {
        stop();
        setState({ kind: 'gone', message: TRACKING_REVOKED });
      });
      source.onerror = () => {
        setLive(false);
        // The browser retries a dropped stream itself; a refused one (410, 429) is closed for good:
        // ask the view why, then open a new stream after a growing pause.
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        void refetch(true);
        retry = setTimeout(connect, liveBackoffMs(attempts++));
      };
    };

    const first = !counted.has(token);
    counted.add(token);
    void refetch(!first).then(() => {
      if (!stopped) connect();
    });
    return stop;
  }, [client, token]);

  return state;
}
