// Types for vite-precompress.mjs, used by vite.config.ts.
export declare function precompress(): import('vite').Plugin;
