/**
 * What the app says to a screen reader without moving focus (WCAG 4.1.3, status messages): the
 * received-mission notice, a new chat message, every toast but errors. One polite live region
 * (<LiveRegion/>, mounted once per page) speaks the latest announcement; it stays in the page, so
 * a screen reader hears each change (a region inserted together with its text often says nothing).
 * No React here, as for notify().
 */
import type { ReactNode } from 'react';

export interface Announcement {
  /** Changes on every announcement, so the same words twice are spoken twice. */
  id: number;
  message: ReactNode;
}

let current: Announcement | null = null;
const listeners = new Set<() => void>();

export function announce(message: ReactNode): void {
  current = { id: (current?.id ?? 0) + 1, message };
  for (const l of [...listeners]) l();
}

export const getAnnouncement = (): Announcement | null => current;

export function subscribeAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
