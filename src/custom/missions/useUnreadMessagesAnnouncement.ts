/**
 * Says on the missions screen that a mission's chat got a new message (WCAG 4.1.3): a sighted
 * dispatcher sees the chat action's unread badge grow; a screen reader's user hears 'Nova mensagem
 * na missão DEMO-0004' without losing focus. Only a count that grew on a row already shown counts:
 * another page or filter brings no news.
 */
import { useEffect, useRef } from 'react';
import type { MissionRow } from '../../domain/missions';
import { announce } from '../../layout/announce';
import { missionReference } from './rowActionLabels';

export const unreadAnnouncement = (rows: MissionRow[]): string =>
  rows.length === 1 && rows[0]
    ? `Nova mensagem na missão ${missionReference(rows[0])}`
    : `Novas mensagens nas missões ${rows.map(missionReference).join(', ')}`;

export function useUnreadMessagesAnnouncement(rows: MissionRow[] | undefined) {
  const counts = useRef<ReadonlyMap<string, number> | null>(null);
  useEffect(() => {
    if (!rows) return;
    const before = counts.current;
    counts.current = new Map(rows.map((r) => [r._id, r.unreadMessages]));
    const grown = before ? rows.filter((r) => r.unreadMessages > (before.get(r._id) ?? Infinity)) : [];
    if (grown.length > 0) announce(unreadAnnouncement(grown));
  }, [rows]);
}
