// The smoke test's peers and helpers: a loopback HTTP target, polling, API calls, a fixture repository.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Target {
  url: string;
  paths: string[];
  close(): Promise<void>;
}

/** A loopback HTTP target that answers 200 and records the paths asked for. */
export async function startTarget(): Promise<Target> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '/');
    res.end('ok');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Polls `read` until `ok` holds (the state lives in another process's database). */
export async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** A small Python repository laid out as GitHub's `<owner>/<repo>`, readable by the images' user. */
export function buildFixtureRepo(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'containers-fixture-'));
  const repo = join(dir, 'acme', 'shapes');
  mkdirSync(join(repo, 'shapes'), { recursive: true });
  writeFileSync(
    join(repo, 'shapes', 'area.py'),
    [
      '"""Areas."""',
      'import os',
      '',
      '',
      'def area(kind, a, b=0):',
      '    """The area of a shape."""',
      '    if kind == "square":',
      '        return a * a',
      '    if kind == "rect":',
      '        return a * b',
      '    return 0',
      '',
    ].join('\n'),
  );
  writeFileSync(join(repo, 'shapes', '__init__.py'), '"""Shapes."""\n');
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: repo,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Alice',
        GIT_AUTHOR_EMAIL: 'alice@example.com',
        GIT_COMMITTER_NAME: 'Alice',
        GIT_COMMITTER_EMAIL: 'alice@example.com',
      },
    });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'shapes');
  // The images run as uid 10001: git refuses a repository another user owns, and a temp folder is 0700.
  const walk = (p: string) => {
    if (process.getuid?.() === 0) chownSync(p, 10001, 10001);
    else chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  walk(dir);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
