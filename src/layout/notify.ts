/**
 * The one toast helper of the app (spec section 9: top-right; error 4 s, success 2 s, info 4 s,
 * loading until replaced or dismissed; at most 20 at once). Public pages call it directly;
 * react-admin's own notifications are forwarded to it (RaNotificationBridge), so every toast
 * looks and times the same. No React here: the store is rendered by <Toaster/>. Every toast but
 * an error is also said politely by the app's live region (announce.ts); an error toast is an
 * alert of its own, said at once.
 */
import type { ReactNode } from 'react';
import { announce } from './announce';

export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';
export type ToastPosition = 'top-right' | 'bottom-right';

export interface Toast {
  id: string;
  type: ToastType;
  message: ReactNode;
  /** ms before it hides by itself; null = stays until dismissed. */
  duration: number | null;
  position: ToastPosition;
}

export interface ToastOptions {
  /** Reusing an id replaces that toast (a 'loading' turning into 'success'). */
  id?: string;
  duration?: number | null;
  position?: ToastPosition;
}

export const TOAST_DURATIONS: Readonly<Record<ToastType, number | null>> = {
  error: 4000,
  success: 2000,
  info: 4000,
  warning: 4000,
  loading: null,
};
export const TOAST_LIMIT = 20;

let toasts: Toast[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let counter = 0;

const emit = () => {
  for (const l of [...listeners]) l();
};

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export function dismiss(id?: string): void {
  if (id === undefined) {
    for (const t of toasts) clearTimer(t.id);
    toasts = [];
  } else {
    clearTimer(id);
    toasts = toasts.filter((t) => t.id !== id);
  }
  emit();
}

function show(type: ToastType, message: ReactNode, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const duration = options.duration === undefined ? TOAST_DURATIONS[type] : options.duration;
  const toast: Toast = { id, type, message, duration, position: options.position ?? 'top-right' };
  clearTimer(id);
  const existing = toasts.findIndex((t) => t.id === id);
  if (existing >= 0) toasts = toasts.map((t) => (t.id === id ? toast : t));
  else toasts = [...toasts, toast];
  // Over the limit, the oldest goes first.
  if (toasts.length > TOAST_LIMIT) {
    for (const dropped of toasts.slice(0, toasts.length - TOAST_LIMIT)) clearTimer(dropped.id);
    toasts = toasts.slice(-TOAST_LIMIT);
  }
  if (duration !== null) timers.set(id, setTimeout(() => dismiss(id), duration));
  emit();
  if (type !== 'error') announce(message);
  return id;
}

export const notify = Object.assign(show, {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  loading: (message: ReactNode, options?: ToastOptions) => show('loading', message, options),
  dismiss,
});

export const getToasts = (): Toast[] => toasts;

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
