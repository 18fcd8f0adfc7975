/**
 * The ui files share their worker's jsdom and the packages it loaded (`isolate: false`,
 * vite.config.ts): loading React, MUI, react-admin and the server again for every file was most of
 * a file's cost. Each file still starts as on a page of its own: the project's modules (src/,
 * server/, tests/) are evaluated again, so nothing a module keeps (the last announcement, the
 * toasts' page, a waiting service worker) passes from one file to the next, and the globals a file
 * changes (contractHarness.tsx's byte classes and wait timeout, a stubbed geolocation, the URL)
 * are as the first file found them. Runs before tests/ui/setup.ts.
 */
import { configure, getConfig } from '@testing-library/react';
import { vi } from 'vitest';

const FIRST = Symbol.for('pronta-resposta.uiFileStart');

interface AsFound {
  Uint8Array: Uint8ArrayConstructor;
  ArrayBuffer: ArrayBufferConstructor;
  asyncUtilTimeout: number;
  navigatorOwn: Set<string>;
  href: string;
}

const scope = globalThis as typeof globalThis & { [FIRST]?: AsFound };
const found = (scope[FIRST] ??= {
  Uint8Array: globalThis.Uint8Array,
  ArrayBuffer: globalThis.ArrayBuffer,
  asyncUtilTimeout: getConfig().asyncUtilTimeout,
  navigatorOwn: new Set(typeof navigator === 'undefined' ? [] : Object.getOwnPropertyNames(navigator)),
  href: typeof window === 'undefined' ? '' : window.location.href,
});

vi.resetModules();
globalThis.Uint8Array = found.Uint8Array;
globalThis.ArrayBuffer = found.ArrayBuffer;
configure({ asyncUtilTimeout: found.asyncUtilTimeout });
if (typeof window !== 'undefined') {
  for (const name of Object.getOwnPropertyNames(navigator)) {
    if (!found.navigatorOwn.has(name)) Reflect.deleteProperty(navigator, name);
  }
  window.history.replaceState(null, '', found.href);
}
