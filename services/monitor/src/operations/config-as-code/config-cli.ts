import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import { referencedNames } from './env-refs.js';
import type { Plan } from './plan-config.js';
import { renderPlan } from './render-plan.js';

// The CLI talks to the API only (never to the database): what it may do is what the API key may.
// The key comes from the environment, never from a flag, so it stays out of shell history and
// process lists. It imports nothing of the service but this folder's pure helpers.

export const API_KEY_VARIABLE = 'UPTIME_API_KEY';
export const SERVER_VARIABLE = 'UPTIME_SERVER';

const USAGE = `Usage: uptime-config <command> [file] [options]

Commands:
  validate FILE   check the file against the server's rules; changes nothing
  plan FILE       show what apply would create, update and delete; changes nothing
  apply FILE      plan, then apply exactly that plan in one transaction
  export          write the server's configuration as a file (stdout, or --out)

Options:
  --server URL        the service (default: $${SERVER_VARIABLE})
  --prune             delete objects a file created that this file no longer names
  --fingerprint FP    apply: apply only if nothing changed since the plan that printed FP
  --format yaml|json  export: the file format (default yaml)
  --out FILE          export: write here instead of stdout
  --json              plan/apply: print the JSON answer

The API key (an admin's) is read from $${API_KEY_VARIABLE}. Values of the file's \${NAME}
references are read from the environment and sent with the request.
`;

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

interface Problem {
  title?: string;
  detail?: string;
  status?: number;
  errors?: { path: string; message: string }[];
}

/** `monitors[3].url` → its line and column in the file, when the file is YAML we can read. */
function locate(text: string, path: string): string | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) return null;
  const keys = [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) =>
    m[2] !== undefined ? Number(m[2]) : m[1]!,
  );
  let node: unknown = doc.contents;
  let at: number | undefined;
  for (const k of keys) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === k);
      if (!pair) break;
      at = (pair.key as { range?: [number] }).range?.[0];
      node = pair.value;
    } else if (isSeq(node) && typeof k === 'number' && node.items[k]) {
      node = node.items[k];
      at = (node as { range?: [number] }).range?.[0];
    } else break;
  }
  if (at === undefined) return null;
  const p = lines.linePos(at);
  return `${p.line}:${p.col}`;
}

function printProblem(io: Io, status: number, body: Problem, file: string | null, text: string | null) {
  io.err(`Error ${status}: ${body.title ?? 'request failed'}${body.detail ? `\n${body.detail}` : ''}\n`);
  for (const e of body.errors ?? []) {
    const where = file && text ? locate(text, e.path) : null;
    io.err(`  ${where ? `${file}:${where}: ` : ''}${e.path}: ${e.message}\n`);
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, io: Io = defaultIo()): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    io.err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, file] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (!['validate', 'plan', 'apply', 'export'].includes(command)) {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  const server = values.server ?? env[SERVER_VARIABLE];
  const key = env[API_KEY_VARIABLE];
  if (!server) {
    io.err(`Name the service with --server URL (or $${SERVER_VARIABLE}).\n`);
    return 2;
  }
  if (!key) {
    io.err(`Set $${API_KEY_VARIABLE} to an admin's API key (it is never taken from a flag).\n`);
    return 2;
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(new URL(path, server), {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const type = res.headers.get('content-type') ?? '';
    const payload = type.includes('json') ? await res.json() : await res.text();
    return { status: res.status, payload };
  };

  try {
    if (command === 'export') {
      const format = values.format ?? 'yaml';
      const res = await call('GET', `/api/config/export?format=${format}`);
      if (res.status !== 200) {
        printProblem(io, res.status, res.payload as Problem, null, null);
        return 1;
      }
      const text =
        typeof res.payload === 'string' ? res.payload : `${JSON.stringify(res.payload, null, 2)}\n`;
      if (values.out) await writeFile(values.out, text);
      else io.out(text);
      return 0;
    }
    if (!file) {
      io.err(`${command} needs a file.\n\n${USAGE}`);
      return 2;
    }
    const text = await readFile(file, 'utf8');
    const sent: Record<string, string> = {};
    // Parsed here, sent as JSON: the server reads that quicker than YAML, and this side maps the
    // positions of its errors back to lines. A file that does not parse goes as text, so the
    // server names the syntax error as it names every other.
    let document: unknown = text;
    if (/^\s*\{/.test(text)) {
      try {
        document = JSON.parse(text); // a JSON file: far quicker than the YAML parser on thousands of monitors
      } catch {}
    }
    if (document === text) {
      const doc = parseDocument(text);
      if (doc.errors.length === 0) document = doc.toJS({ maxAliasCount: 100 });
    }
    for (const name of referencedNames(document)) if (env[name] !== undefined) sent[name] = env[name]!;
    const request = { document, env: sent, ...(values.prune && { prune: true }) };
    const fail = (res: { status: number; payload: unknown }) => {
      printProblem(io, res.status, res.payload as Problem, file, text);
      return 1;
    };
    if (command === 'apply' && values.fingerprint) {
      const res = await call('POST', '/api/config/apply', { ...request, fingerprint: values.fingerprint });
      if (res.status !== 200) return fail(res);
      return reportApplied(io, res.payload as Plan, values.json);
    }
    const planned = await call('POST', '/api/config/plan', request);
    if (planned.status !== 200) return fail(planned);
    const plan = planned.payload as Plan;
    if (command === 'validate') {
      io.out(
        `${file} is valid (${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'} to apply).\n`,
      );
      return 0;
    }
    if (values.json && command === 'plan') io.out(`${JSON.stringify(plan, null, 2)}\n`);
    else io.out(renderPlan(plan));
    if (command === 'plan' || plan.changes.length === 0) return 0;
    const res = await call('POST', '/api/config/apply', { ...request, fingerprint: plan.fingerprint });
    if (res.status !== 200) return fail(res);
    return reportApplied(io, res.payload as Plan, values.json);
  } catch (e) {
    io.err(`Could not reach ${server}: ${(e as Error).message}\n`);
    return 1;
  }
}

function reportApplied(io: Io, result: Pick<Plan, 'summary' | 'changes'>, json: boolean | undefined) {
  if (json) io.out(`${JSON.stringify(result, null, 2)}\n`);
  const s = result.summary;
  io.out(`Applied: ${s.create} created, ${s.update} updated, ${s.delete} deleted.\n`);
  return 0;
}

function parse(argv: string[]) {
  if (argv.some((a) => a === '--api-key' || a.startsWith('--api-key=') || a === '--token')) {
    throw new Error(
      `API keys are not taken from flags (they would land in shell history): set $${API_KEY_VARIABLE}.`,
    );
  }
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      prune: { type: 'boolean' },
      fingerprint: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function defaultIo(): Io {
  return { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };
}
