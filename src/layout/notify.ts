/**
 * The one toast helper of the app (docs/rules/messages.md: top-right; error 4 s, success 2 s, info 4 s,
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
  /** The page it was shown on ('' when no page is tracked): an error about a page is gone once the user leaves it. */
  path: string;
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
let currentPath = '';

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
  const toast: Toast = { id, type, message, duration, position: options.position ?? 'top-right', path: currentPath };
  // Something succeeded: the error shown before it is over (the user corrected what failed).
  if (type === 'success') dropErrors(() => true);
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

/** Hides the error toasts `which` picks, without emitting (the caller does). */
function dropErrors(which: (toast: Toast) => boolean): boolean {
  const gone = toasts.filter((t) => t.type === 'error' && which(t));
  for (const t of gone) clearTimer(t.id);
  toasts = toasts.filter((t) => !gone.includes(t));
  return gone.length > 0;
}

/** The user fixed what an error toast said (a code accepted, a form saved): its errors go. */
export function dismissErrors(): void {
  if (dropErrors(() => true)) emit();
}

/** The page the app shows now (ErrorsLeftBehind): the error toasts of the pages left behind go. */
export function showingPage(path: string): void {
  currentPath = path;
  if (dropErrors((t) => t.path !== '' && t.path !== path)) emit();
}

export const notify = Object.assign(show, {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  loading: (message: ReactNode, options?: ToastOptions) => show('loading', message, options),
  dismiss,
  dismissErrors,
});

export const getToasts = (): Toast[] => toasts;

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
