/**
 * Whether the screen shows answers the service worker kept because the network failed
 * (docs/rules/field-app.md, "Sem sinal"): the time of the oldest such answer since the last fresh
 * one, for 'Sem conexão — dados de {hora}'. Any answer from the network clears it.
 */
import { OFFLINE_COPY_HEADER } from '../serviceWorker/policy';

let storedAt: Date | null = null;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of [...listeners]) listener();
};

/**
 * Notes where an answer came from; true when it came from the network (its headers then speak of
 * now), false when it is a kept copy.
 */
export function noteAnswerSource(headers: Headers): boolean {
  const copy = headers.get(OFFLINE_COPY_HEADER);
  if (copy === null) {
    if (storedAt !== null) {
      storedAt = null;
      emit();
    }
    return true;
  }
  const at = new Date(copy);
  const time = Number.isNaN(at.getTime()) ? new Date(0) : at;
  if (storedAt === null || time < storedAt) {
    storedAt = time;
    emit();
  }
  return false;
}

/** When the oldest answer on screen was kept, or null while everything comes from the network. */
export const offlineSince = (): Date | null => storedAt;

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
