#!/usr/bin/env node
// Starts the named services (`monitor`, `metrics`, or `monitor:probe` for another entry of a
// service) as child processes, building a service's web UI first when it has one, and its bundle
// when it has one (scripts/build-service.mjs). Ctrl-C stops them all; if one dies, the others are stopped too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildService, nodeFlags } from './build-service.mjs';

const root = new URL('..', import.meta.url).pathname;
// Service names, then options for the services: `start.mjs metrics --role worker`.
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const serviceOf = (name) => name.split(':')[0];
const options = firstOption === -1 ? [] : args.slice(firstOption);
const children = [];

for (const name of names) {
  const dir = join(root, 'services', serviceOf(name));
  if (!existsSync(join(dir, 'src', 'main.ts'))) {
    console.error(`start: unknown service "${name}"`);
    process.exit(2);
  }
  if (!name.includes(':') && existsSync(join(dir, 'web', 'package.json'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', `services/${serviceOf(name)}/web`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
}

// A service with a bundle (scripts/build-service.mjs) runs it with plain node; the others through tsx.
const entries = [];
for (const name of names) {
  const [service, entry = 'main'] = name.split(':');
  const built = await buildService(service);
  if (built && !built[entry]) {
    console.error(`start: service "${service}" has no entry "${entry}"`);
    process.exit(2);
  }
  // A bundle runs with its service's Node options (the young generation's size: see NODE_FLAGS).
  entries.push(
    built
      ? [...nodeFlags(service), built[entry]]
      : ['--import', 'tsx', join(root, 'services', service, 'src', 'main.ts')],
  );
}

for (const [i, name] of names.entries()) {
  const child = spawn(process.execPath, [...entries[i], ...options], {
    // npm's working directory: the repository root for `npm start`, services/monitor for its own
    // scripts (`start:probe`), where relative paths such as PROBE_SPOOL_FILE's default are meant.
    cwd: process.cwd(),
    stdio: 'inherit',
  });
  child.on('exit', (code) => {
    if (!stopping) console.error(`start: ${name} exited with code ${code}`);
    stopAll(code ?? 1);
  });
  children.push(child);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
