// Types for vite-service-worker.mjs, used by vite.config.ts.
export declare function serviceWorker(options: { root: string; entry?: string; publicDir?: string }): import('vite').Plugin;
