// Types for chromium.mjs, so the TypeScript e2e harness and benches share the lookup with the scripts.
export declare const CHROMIUM_INSTALL_HINT: string;
export declare function findChromium(): string | null;
