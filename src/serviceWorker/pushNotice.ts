/**
 * What the service worker shows for a push (docs/rules/notifications.md): the server's payload
 * (src/domain/push PushPayload: title, body, tag, url) as a notification. The browser requires a
 * notification for every push, so a payload it cannot read still shows the app's name; the url is
 * kept only as a path of this app, never another site's address.
 */
import type { PushPayload } from '../domain/push';

/** The missions screen (src/domain/navigation.ts MISSIONS_BASE), written here so the worker's bundle does not take in the navigation's catalogues. */
export const MISSIONS_SCREEN = '/home/missions';

const FALLBACK_TITLE = 'Pronta Resposta';

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function pushNotificationOf(data: { json(): unknown } | null): { title: string; options: NotificationOptions } {
  let payload: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    const read = data?.json();
    if (typeof read === 'object' && read !== null) payload = read;
  } catch {
    // Not JSON: the fallback below.
  }
  const url = textOf(payload.url);
  const tag = textOf(payload.tag);
  return {
    title: textOf(payload.title) ?? FALLBACK_TITLE,
    options: {
      body: textOf(payload.body) ?? '',
      ...(tag ? { tag } : {}),
      data: { url: url && url.startsWith('/') && !url.startsWith('//') ? url : MISSIONS_SCREEN },
    },
  };
}
