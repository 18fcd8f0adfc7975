/**
 * The live stream in the browser (docs/operations/several-instances.md): a ticket, then an EventSource
 * on /api/missions/live;
 * each `mission` event invalidates the TanStack Query keys of what shows that mission (the missions
 * table, its proposals and timeline); each `chat` event, the key of that mission's chat; each
 * `odometer` event, its cost meter and details. On an error the stream is closed and re-opened with a new
 * ticket after a growing delay (liveBackoffMs), naming the last event seen so the server replays
 * what was missed; meanwhile the screen polls at the product's interval (livePolling.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { liveStreamUrl } from '../../dataProvider/liveApi';
import { LIVE_CHAT_EVENT, LIVE_EVENT, LIVE_ODOMETER_EVENT, LIVE_POSITION_EVENT, LIVE_RESYNC_EVENT, liveBackoffMs, type LiveChatEvent, type LiveMissionEvent } from '../../domain/live';

export type LiveState = 'live' | 'polling';

const CHAT_KEY = 'missionChat';
/** The TanStack Query key of a mission's chat (ChatPage). */
export const chatQueryKey = (mission: string) => [CHAT_KEY, mission];

export const LIVE_LABELS: Record<LiveState, string> = {
  live: 'Ao vivo',
  polling: 'Atualização periódica',
};

export interface LiveOptions {
  /** While true (a modal is open) the table is not refetched; it is once the pause ends. */
  paused?: boolean;
  onEvent?: (event: LiveMissionEvent) => void;
}

export function useLiveMissions({ paused = false, onEvent }: LiveOptions = {}): LiveState {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('polling');
  const pausedRef = useRef(paused);
  const missedRef = useRef(false);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    pausedRef.current = paused;
    if (!paused && missedRef.current) {
      missedRef.current = false;
      void queryClient.invalidateQueries({ queryKey: ['missions', 'monitoring'] });
    }
  }, [paused, queryClient]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let lastEventId: string | null = null;
    let dropped = false;
    let stopped = false;

    const refetchTable = () => {
      if (pausedRef.current) missedRef.current = true;
      void queryClient.invalidateQueries({ queryKey: ['missions', 'monitoring'], refetchType: pausedRef.current ? 'none' : 'active' });
    };

    const retry = () => {
      source?.close();
      source = null;
      setState('polling');
      dropped = true;
      if (!stopped) timer = setTimeout(() => void connect(), liveBackoffMs(attempt++));
    };

    async function connect() {
      timer = null;
      let ticket: string;
      try {
        ticket = (await dataProvider.liveTicket()).ticket;
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(liveStreamUrl(ticket, lastEventId));
      source.onopen = () => {
        attempt = 0;
        setState('live');
        // Whatever changed before the first replayable event (or while no event was known) is
        // fetched once after a drop.
        if (dropped && !lastEventId) refetchTable();
        // Chat changes are never replayed: a chat on screen is fetched again after a drop.
        if (dropped) void queryClient.invalidateQueries({ queryKey: [CHAT_KEY] });
      };
      source.onerror = retry;
      source.addEventListener(LIVE_EVENT, (message: MessageEvent<string>) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        const event = JSON.parse(message.data) as LiveMissionEvent;
        refetchTable();
        void queryClient.invalidateQueries({ queryKey: ['missions', 'proposals', event.mission] });
        void queryClient.invalidateQueries({ queryKey: ['missions', 'events', event.mission] });
        onEventRef.current?.(event);
      });
      source.addEventListener(LIVE_CHAT_EVENT, (message: MessageEvent<string>) => {
        const { mission } = JSON.parse(message.data) as LiveChatEvent;
        void queryClient.invalidateQueries({ queryKey: chatQueryKey(mission) });
        // The row's unread badge counts the chat's messages.
        refetchTable();
      });
      // A reading of an agent's odometer: the mission's cost meter and its agents are fetched again.
      source.addEventListener(LIVE_ODOMETER_EVENT, (message: MessageEvent<string>) => {
        const { mission } = JSON.parse(message.data) as LiveChatEvent;
        void queryClient.invalidateQueries({ queryKey: ['missions', 'meter', mission] });
        void queryClient.invalidateQueries({ queryKey: ['missionDetails', mission] });
      });
      // A team of the mission moved (docs/rules/positions.md): its map is fetched again.
      source.addEventListener(LIVE_POSITION_EVENT, (message: MessageEvent<string>) => {
        const { mission } = JSON.parse(message.data) as LiveChatEvent;
        void queryClient.invalidateQueries({ queryKey: ['missions', 'teams', mission] });
      });
      // The server may have missed announcements: refetch everything missions-related.
      source.addEventListener(LIVE_RESYNC_EVENT, () => {
        refetchTable();
        void queryClient.invalidateQueries({ queryKey: [CHAT_KEY] });
        void queryClient.invalidateQueries({ queryKey: ['missions'], predicate: (q) => q.queryKey[1] !== 'monitoring' });
      });
    }

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [dataProvider, queryClient]);

  return state;
}
