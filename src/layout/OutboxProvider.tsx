/**
 * The device's outbox for the signed-in area (src/dataProvider/outbox.ts, docs/rules/field-app.md
 * "Nada se perde sem sinal"): made once over the data provider and the device's store, loaded for
 * the signed-in user, and replayed at start, when the browser says the connection is back, and
 * every OUTBOX_RETRY_MS while something waits (a server that was down gives no `online` event).
 */
import { createContext, useContext, useEffect, useEffectEvent, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useDataProvider } from 'ra-core';
import type { AppDataProvider } from '../dataProvider';
import { createOutbox, type Outbox } from '../dataProvider/outbox';
import { outboxSender } from '../dataProvider/outboxActions';
import { openOutboxStore, type OutboxEntry, type OutboxStore } from '../dataProvider/outboxStore';
import { useCurrentUser } from '../authProvider/useCurrentUser';

export const OUTBOX_RETRY_MS = 20_000;

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ children, store }: { children: ReactNode; store?: OutboxStore }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const [outbox] = useState(() => createOutbox({ store: store ?? openOutboxStore(), send: outboxSender(dataProvider) }));

  const userId = user?.id ?? null;
  useEffect(() => {
    void outbox.signedIn(userId);
  }, [outbox, userId]);

  useEffect(() => {
    const flush = () => void outbox.flush();
    window.addEventListener('online', flush);
    const timer = setInterval(() => {
      if (outbox.entries().some((e) => e.rejection === null)) flush();
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [outbox]);

  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox precisa do OutboxProvider');
  return outbox;
}

/** The signed-in user's waiting and refused actions, kept in step with the outbox. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.entries);
}

/** Runs `refresh` whenever a replay delivered an action of `missionId` (its screen shows the server's answer). */
export function useOutboxSent(missionId: string, refresh: () => void) {
  const outbox = useOutbox();
  const onSent = useEffectEvent(refresh);
  useEffect(() => outbox.onSent((entry) => entry.action.missionId === missionId && onSent()), [outbox, missionId]);
}

/** The actions of `missionId` of a kind still on the device: waiting, or refused by the server. */
export function useMissionOutbox<K extends OutboxEntry['action']['kind']>(missionId: string, kind: K) {
  return useOutboxEntries().filter((e): e is OutboxEntry & { action: Extract<OutboxEntry['action'], { kind: K }> } => e.action.kind === kind && e.action.missionId === missionId);
}
