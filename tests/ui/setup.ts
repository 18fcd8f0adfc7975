/**
 * Shared setup of the jsdom UI suite: jest-dom matchers, DOM cleanup, toasts and storage reset
 * between tests, and the browser APIs jsdom lacks that MUI and react-admin touch.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismiss } from '../../src/layout/notify';

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  }

  if (!window.scrollTo || window.scrollTo.toString().includes('notImplemented')) {
    window.scrollTo = () => undefined;
  }
}

afterEach(() => {
  cleanup();
  // The toasts live in the module, not in the screen: one test's 'Tema salvo com sucesso' would
  // still be on show when the next test waits for its own.
  dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
