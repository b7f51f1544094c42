#!/usr/bin/env node
// Starts the named services (`monitor`, `metrics`) as child processes, building a service's web UI
// first when it has one. Ctrl-C stops them all; if one dies, the others are stopped too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// Service names, then options for the services: `start.mjs metrics --role worker`.
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const children = [];

for (const name of names) {
  const dir = join(root, 'services', name);
  if (!existsSync(join(dir, 'src', 'main.ts'))) {
    console.error(`start: unknown service "${name}"`);
    process.exit(2);
  }
  if (existsSync(join(dir, 'web', 'package.json'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', `services/${name}/web`], {
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

for (const name of names) {
  const entry = join('services', name, 'src', 'main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...options], {
    cwd: root,
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
