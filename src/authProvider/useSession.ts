import { useSyncExternalStore } from 'react';
import { session as defaultSession, type SessionState, type SessionStore } from './session';

/** Follows the session store from React (user name in the menu, relogin dialog, redirects). */
export function useSession(store: SessionStore = defaultSession): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
