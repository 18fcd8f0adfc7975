/**
 * The device's outbox for the signed-in area (src/dataProvider/outbox.ts, docs/rules/field-app.md
 * "Nada se perde sem sinal"): made once over the data provider and the device's store, loaded for
 * the signed-in user, and replayed at start, when the browser says the connection is back, and
 * every OUTBOX_RETRY_MS while something waits (a server that was down gives no `online` event).
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useDataProvider } from 'ra-core';
import { useLocation } from 'react-router-dom';
import type { AppDataProvider } from '../dataProvider';
import { createOutbox, type Outbox } from '../dataProvider/outbox';
import { outboxSender, type OutboxAction } from '../dataProvider/outboxActions';
import { openOutboxStore, type OutboxEntry, type OutboxStore } from '../dataProvider/outboxStore';
import { useCurrentUser } from '../authProvider/useCurrentUser';

export const OUTBOX_RETRY_MS = 20_000;

/** The actions whose delivery changes the missions list's rows (the provider's bid, the finish request). */
const CHANGES_MISSION_ROW = new Set<OutboxAction['kind']>(['proposal', 'searchNotice', 'askFinish']);

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ children, store }: { children: ReactNode; store?: OutboxStore }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [outbox] = useState(() => createOutbox({ store: store ?? openOutboxStore(), send: outboxSender(dataProvider) }));

  // A proposal, a search notice or a finish request delivered by a replay changes the mission's row.
  useEffect(
    () =>
      outbox.onSent((entry) => {
        if (CHANGES_MISSION_ROW.has(entry.action.kind)) void queryClient.invalidateQueries({ queryKey: ['missions'] });
      }),
    [outbox, queryClient],
  );

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

/** What a write sent through the outbox answers when the device kept it for later. */
export const KEPT_ON_DEVICE = Symbol('guardado no aparelho');

/** What 'Editar' (OutboxNotice) hands to the screen the refused action was typed on, in the router's state. */
export interface OutboxDraftState {
  outboxDraft: OutboxEntry['action'];
  /** The refused entry, kept on the device until what is sent from its form replaces it. */
  outboxSeq: number;
}

/** Whether `sent` is the same write as the refused `draft` (the same mission, and the same item when an item's). */
function replaces(draft: OutboxAction, sent: OutboxAction): boolean {
  if (draft.kind !== sent.kind || draft.missionId !== sent.missionId) return false;
  return draft.kind !== 'missionItem' || (sent.kind === 'missionItem' && draft.collection === sent.collection && draft.createdAt === sent.createdAt);
}

/**
 * Sends a field action through the outbox from the current screen (where 'Editar' takes it back):
 * the server's answer, or KEPT_ON_DEVICE when it waits for the connection. A refusal throws as usual.
 * On a screen 'Editar' opened, the refused action is dropped only once its edited version is sent or
 * kept: leaving the form with 'Cancelar' leaves it in the list (docs/rules/field-app.md).
 */
export function useOutboxSubmit() {
  const outbox = useOutbox();
  const location = useLocation();
  const { pathname } = location;
  const edited = (location.state as Partial<OutboxDraftState> | null) ?? null;
  return useCallback(
    async (action: OutboxAction): Promise<unknown> => {
      const sent = await outbox.submit(action, pathname);
      if (edited?.outboxDraft && edited.outboxSeq !== undefined && replaces(edited.outboxDraft, action)) await outbox.discard(edited.outboxSeq);
      return sent.queued ? KEPT_ON_DEVICE : sent.reply;
    },
    [outbox, pathname, edited],
  );
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
