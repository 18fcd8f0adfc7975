import { useSyncExternalStore } from 'react';
import { getAnnouncement, subscribeAnnouncements } from './announce';

/** Off screen but read: the region is for screen readers, the toasts already show the words. */
const offScreen = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The app's one polite live region (announce.ts), mounted once by the app shell. */
export function LiveRegion() {
  const announcement = useSyncExternalStore(subscribeAnnouncements, getAnnouncement, getAnnouncement);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="live-region" style={offScreen}>
      {announcement && <span key={announcement.id}>{announcement.message}</span>}
    </div>
  );
}
