import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';
import { memoryColumns, sampleMemory } from '../shared/memory-sampler.js';
import { BENCH_ADMIN, benchServer } from '../shared/monitor-bench.js';
import { loadAverage } from '../shared/proc-stats.js';

/*
 * bench/monitor-config-as-code: a config file of 5,000 monitors in 50 groups alerting 20 channels
 * (docs/config-as-code.md), with templates, escalation policies, maintenance windows, status pages
 * and locations naming them by key, sent as YAML text to the API as the CLI sends it. Times the plan of
 * the full create, the apply of it (one transaction), the plan of the same file once applied (no
 * changes) and the plan of the file with one field of one monitor changed. Targets on SQLite:
 * plan < 2 s, apply < 10 s, one-field plan < 1 s.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '5000' },
    groups: { type: 'string', default: '50' },
    channels: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
  },
});
const monitorCount = Number(values.monitors);
const groupCount = Number(values.groups);
const channelCount = Number(values.channels);
const ref = (name: string) => `$${'{'}${name}}`;

function file(interval: (i: number) => number) {
  return {
    version: 1,
    groups: Array.from({ length: groupCount }, (_, g) => ({ key: `g${g}`, name: `Group ${g}` })),
    tags: [
      { key: 'env', name: 'env', color: '#224466' },
      { key: 'tier', name: 'tier' },
    ],
    channels: Array.from({ length: channelCount }, (_, c) => ({
      key: `c${c}`,
      name: `Channel ${c}`,
      type: 'webhook',
      config: { url: `http://127.0.0.1:9/hook/${c}`, secret: ref('HOOK_SECRET') },
    })),
    monitors: Array.from({ length: monitorCount }, (_, i) => ({
      key: `m${i}`,
      name: `Service ${i} health`,
      url: `http://127.0.0.1:9/m/${i}`,
      check_interval_seconds: interval(i),
      headers: { 'x-bench': String(i) },
      group: `g${i % groupCount}`,
      channels: [`c${i % channelCount}`, `c${(i + 7) % channelCount}`],
      tags: [{ key: 'env', value: i % 2 ? 'prod' : 'staging' }, 'tier'],
      escalation_policy: `p${i % 2}`,
      paused: true,
    })),
    // The newer kinds, each referring to others by key: a template per channel, two policies,
    // windows and status pages of 100 monitors each, three probe locations.
    locations: Array.from({ length: 3 }, (_, l) => ({ key: `probe-${l}`, name: `Probe ${l}` })),
    templates: Array.from({ length: channelCount }, (_, c) => ({
      key: `t${c}`,
      channel: `c${c}`,
      event: 'down',
      title: '[DOWN] {{monitor.name}}',
      body: '{{monitor.name}} is down{{#reason}}: {{reason}}{{/reason}}',
    })),
    escalation_policies: [0, 1].map((p) => ({
      key: `p${p}`,
      name: `Policy ${p}`,
      steps: [
        { after_minutes: 5, channels: [`c${p}`] },
        { after_minutes: 30, channels: [`c${p}`, `c${p + 2}`] },
      ],
    })),
    maintenance: Array.from({ length: 10 }, (_, w) => ({
      key: `w${w}`,
      name: `Window ${w}`,
      starts_at: '2030-01-01T02:00:00.000Z',
      recurrence: { cron: `0 ${w} * * 0`, duration_minutes: 30 },
      monitors: Array.from(
        { length: Math.min(100, monitorCount) },
        (_, j) => `m${(w * 100 + j) % monitorCount}`,
      ),
    })),
    status_pages: Array.from({ length: 5 }, (_, p) => ({
      key: `page${p}`,
      slug: `page-${p}`,
      title: `Page ${p}`,
      sections: [0, 1].map((s) => ({
        name: `Section ${s}`,
        monitors: Array.from(
          { length: Math.min(100, monitorCount) },
          (_, j) => `m${(p * 200 + s * 100 + j) % monitorCount}`,
        ),
      })),
    })),
  };
}

const { server, dataDir } = await benchServer('bench-config', values['database-url']);
const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
const auth = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
const env = { HOOK_SECRET: 'bench-hook-secret' };
const baseYaml = stringify(
  file(() => 60),
  { lineWidth: 0 },
);
const oneFieldYaml = stringify(
  file((i) => (i === monitorCount - 1 ? 120 : 60)),
  { lineWidth: 0 },
);
// The CLI parses the YAML and sends JSON: its parse is timed apart, the server gets the object.
let t0 = performance.now();
const yamlCpu0 = process.cpuUsage();
const base = parse(baseYaml);
const yamlMs = performance.now() - t0;
const yamlCpu = process.cpuUsage(yamlCpu0);
const oneField = parse(oneFieldYaml);

async function timed(url: string, text: unknown, extra: object = {}) {
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const res = await server.app.inject({
    method: 'POST',
    url,
    headers: auth,
    payload: { document: text, env, ...extra },
  });
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  const cpuMs = (used.user + used.system) / 1000;
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 500)}`);
  return { ms, cpuMs, body: res.json() as { fingerprint?: string; summary: Record<string, number> } };
}

const memory = sampleMemory();
console.error(
  `${monitorCount} monitors, ${groupCount} groups, ${channelCount} channels; YAML ${(baseYaml.length / 1048576).toFixed(1)} MB (${server.ctx.dialect})`,
);
const plan = await timed('/api/config/plan', base);
const apply = await timed('/api/config/apply', base, { fingerprint: plan.body.fingerprint });
const again = await timed('/api/config/plan', base);
const one = await timed('/api/config/plan', oneField);
const figures = memory.stop();
// CPU time beside wall time: on a shared machine the load inflates the wall time, not the CPU.
const row = (
  what: string,
  r: { ms: number; cpuMs: number; body: { summary: Record<string, number> } },
  target: number,
) =>
  `${what.padEnd(34)} ${(r.ms / 1000).toFixed(2).padStart(6)} s wall ${(r.cpuMs / 1000).toFixed(2).padStart(6)} s CPU  (target < ${target} s)  ${JSON.stringify(r.body.summary)}`;
console.log(
  `${'CLI side: YAML parse of the file'.padEnd(34)} ${(yamlMs / 1000).toFixed(2).padStart(6)} s wall ${((yamlCpu.user + yamlCpu.system) / 1e6).toFixed(2).padStart(6)} s CPU`,
);
console.log(row('plan, full create', plan, 2));
console.log(row('apply, full create', apply, 10));
console.log(row('plan, applied file (no changes)', again, 2));
console.log(row('plan, one field changed', one, 1));
console.log(memoryColumns(figures));
console.log(`load average ${loadAverage()}`);
await server.close();
if (!values['database-url']) rmSync(dataDir, { recursive: true, force: true });
