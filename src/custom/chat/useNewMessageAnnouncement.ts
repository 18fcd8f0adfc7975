/**
 * Says a chat's new messages from others to a screen reader (WCAG 4.1.3): they arrive by the live
 * stream or polling at the bottom of the list, where a screen reader's user is not looking, and
 * focus stays in the composer. The messages already there when the chat opens are not new.
 */
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../domain/missionDetails';
import { announce } from '../../layout/announce';

export const newMessageAnnouncement = (messages: ChatMessage[], mission: string): string => {
  const [only] = messages;
  return messages.length === 1 && only
    ? `Nova mensagem de ${only.senderName} na missão ${mission}`
    : `${messages.length} novas mensagens na missão ${mission}`;
};

/** `mission` is the mission's reference; nothing is said until it and the messages are known. */
export function useNewMessageAnnouncement(messages: ChatMessage[] | undefined, userId: string | undefined, mission: string | undefined) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!messages || mission === undefined) return;
    if (seen.current === null) {
      seen.current = new Set(messages.map((m) => m._id));
      return;
    }
    const known = seen.current;
    const fresh = messages.filter((m) => !known.has(m._id));
    for (const m of fresh) known.add(m._id);
    const theirs = fresh.filter((m) => m.senderUser !== userId);
    if (theirs.length > 0) announce(newMessageAnnouncement(theirs, mission));
  }, [messages, userId, mission]);
}
