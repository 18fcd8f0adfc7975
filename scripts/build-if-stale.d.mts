// Types for build-if-stale.mjs, used by the TypeScript benches.
export declare const ROOT: string;
export declare function staleReason(): string | null;
export declare function runBin(name: string, args: string[], options?: import('node:child_process').SpawnOptions): Promise<number>;
export declare function ensureBuild(options?: { force?: boolean }): Promise<boolean>;
export declare function ensureServerBuild(options?: { force?: boolean }): Promise<boolean>;
export declare function serverProgram(program: string): string;
