#!/usr/bin/env node
// The `uptime-config` command (docs/config-as-code.md): plan, apply, export and validate a monitor
// configuration file against a running service over HTTP. Runs the TypeScript source through tsx.
import { fileURLToPath, pathToFileURL } from 'node:url';

const { register } = await import('tsx/esm/api');
register();
const cli = fileURLToPath(new URL('../src/operations/config-as-code/config-cli.ts', import.meta.url));
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv.slice(2), process.env);
