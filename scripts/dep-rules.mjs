#!/usr/bin/env node
// `npm run lint:deps`: the layering rules of .dependency-cruiser.cjs, plus one dependency-cruiser cannot
// baseline: no two sibling folders of a service's src import each other, at any depth (a file directly in
// src, such as context.ts, counts as a folder of its own). One cruise serves both.
// Known violations: .dependency-cruiser-known-violations.json (module rules) and
// .dependency-cruiser-known-folder-pairs.json (folder pairs), both in the working directory; anything
// not in them fails. `--update-baseline` rewrites both from today's code (do it only to shrink them).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const config = join(root, '.dependency-cruiser.cjs');
const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const knownModules = '.dependency-cruiser-known-violations.json';
const knownPairs = '.dependency-cruiser-known-folder-pairs.json';
const update = process.argv.includes('--update-baseline');
const targets = ['packages', 'services'].filter((p) => existsSync(p));
// Other arguments go to dependency-cruiser as they are (e.g. `--no-cache`).
const passOn = process.argv.slice(2).filter((a) => a !== '--update-baseline');

function cruise(extra) {
  const res = spawnSync(process.execPath, [bin, ...targets, '--config', config, ...passOn, ...extra], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  // depcruise exits with the number of errors it found; only a missing or empty answer is its own failure.
  if (res.error || !res.stdout) {
    process.stderr.write(res.stderr || `${res.error ?? 'dependency-cruiser printed nothing'}\n`);
    process.exit(2);
  }
  return res.stdout;
}

/**
 * "services/monitor/src: engine <-> store" for each pair of sibling folders that import each other, at
 * any depth: an import from engine/monitors/ into engine/scheduler/ is an edge between those two
 * siblings (named "engine/monitors <-> engine/scheduler"), one into store/ an edge engine <-> store.
 * Fixture trees outside services/ are cruised the same way.
 */
function mutualFolderPairs(modules) {
  const edges = new Set();
  const split = (path) => /^(services\/[^/]+\/src)\/(.+)$/.exec(path);
  for (const m of modules) {
    const a = split(m.source);
    if (!a) continue;
    for (const d of m.dependencies) {
      const b = split(d.resolved);
      if (!b || b[1] !== a[1]) continue;
      const pa = a[2].split('/');
      const pb = b[2].split('/');
      let i = 0;
      while (i < pa.length - 1 && i < pb.length - 1 && pa[i] === pb[i]) i++;
      // both sides must still be entries below their common folder (a file importing a sibling file is
      // a file edge, left to no-circular)
      if (pa[i] === pb[i]) continue;
      const prefix = pa.slice(0, i).join('/');
      const na = [...pa.slice(0, i), pa[i]].join('/');
      const nb = [...pb.slice(0, i), pb[i]].join('/');
      if (i === pa.length - 1 && i === pb.length - 1 && prefix !== '') continue;
      edges.add(`${a[1]}\t${na}\t${nb}`);
    }
  }
  const pairs = [];
  for (const e of edges) {
    const [src, a, b] = e.split('\t');
    if (a < b && edges.has(`${src}\t${b}\t${a}`)) pairs.push(`${src}: ${a} <-> ${b}`);
  }
  return pairs.sort();
}

const ignoreKnown = !update && existsSync(knownModules) ? ['--ignore-known', knownModules] : [];
const result = JSON.parse(cruise(['--output-type', 'json', ...ignoreKnown]));
const pairs = mutualFolderPairs(result.modules);

if (update) {
  writeFileSync(knownModules, cruise(['--output-type', 'baseline']));
  writeFileSync(knownPairs, `${JSON.stringify(pairs, null, 2)}\n`);
  console.log(
    `baseline rewritten: ${result.summary.violations.length} violations, ${pairs.length} folder pairs`,
  );
  process.exit(0);
}

const errors = result.summary.violations.filter((v) => v.rule.severity === 'error');
for (const v of errors) {
  const via = (v.cycle ?? []).map((c) => (typeof c === 'string' ? c : c.name));
  console.log(
    `${v.rule.name}: ${v.from} → ${v.to}${via.length ? `\n    cycle: ${[v.from, ...via].join(' → ')}` : ''}`,
  );
}
const known = new Set(existsSync(knownPairs) ? JSON.parse(readFileSync(knownPairs, 'utf8')) : []);
const newPairs = pairs.filter((p) => !known.has(p));
for (const p of newPairs) console.log(`no-folder-cycle: ${p}`);
const gone = [...known].filter((p) => !pairs.includes(p));
if (gone.length)
  console.log(`${gone.length} known folder pairs are gone: run \`npm run lint:deps -- --update-baseline\``);
const knownCount = result.summary.ignore ?? 0;
console.log(
  `${result.summary.totalCruised} modules cruised: ${errors.length + newPairs.length} new violations, ` +
    `${knownCount} known violations and ${pairs.length - newPairs.length} known folder pairs ignored`,
);
process.exit(errors.length + newPairs.length > 0 ? 1 : 0);
