/** See build-service.mjs: the built files of a service by entry name, or null when it is not bundled. */
export function buildService(name: string): Promise<Record<string, string> | null>;
/** See build-service.mjs: bundles entry points (name in outdir → source file) as buildService does. */
export function bundle(entryPoints: Record<string, string>, outdir: string): Promise<void>;
/** The Node options each bundled service runs with (see build-service.mjs). */
export const NODE_FLAGS: Readonly<Record<string, readonly string[]>>;
/** The Node options for a service's bundle; none for a service without. */
export function nodeFlags(name: string): string[];
