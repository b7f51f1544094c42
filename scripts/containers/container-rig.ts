import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { missing } from '@app/kit/testing';

/*
 * The containers' test rig: the role images (built by build-images.sh, the script CI runs) and
 * containers run with the Docker CLI on the host's network, so that everything they reach and
 * everything that reaches them stays on 127.0.0.1.
 */

const root = new URL('../..', import.meta.url).pathname;
const prefix = process.env.IMAGE_PREFIX ?? 'uptime';
const tag = process.env.IMAGE_TAG ?? 'local';

export type Role = 'monitor' | 'probe' | 'metrics' | 'metrics-worker';
export const ROLES: Role[] = ['monitor', 'probe', 'metrics', 'metrics-worker'];

/** The image of a role, as build-images.sh tags it. */
export function image(role: Role): string {
  return `${prefix}/${role}:${tag}`;
}

/** Runs the Docker CLI and returns its stdout; throws with its stderr when it fails. */
export function docker(args: string[], timeoutMs = 60_000): string {
  const res = spawnSync('docker', args, { encoding: 'utf8', timeout: timeoutMs });
  if (res.status !== 0) {
    throw new Error(`docker ${args.join(' ')}: exit ${res.status}: ${res.stderr || res.error?.message}`);
  }
  return res.stdout;
}

/** false when a container engine answers, else the reason to skip (under CI: throws). */
export function needEngine(): false | string {
  const res = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (res.status === 0) return false;
  return missing(
    `no container engine answers (docker info: ${(res.stderr || res.error?.message || '').trim()}); ` +
      'install docker.io and run scripts/containers/engine.sh',
  );
}

/**
 * Builds (or, when nothing changed, finds in the engine's cache) every role image with the script
 * CI runs before the tests. Returns the script's output: one line per image with its time and size.
 */
export function buildImages(): string {
  const res = spawnSync('bash', ['scripts/containers/build-images.sh'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 900_000,
  });
  if (res.status !== 0) throw new Error(`build-images.sh failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

export interface RunOptions {
  role: Role;
  name: string;
  env?: Record<string, string>;
  /** `-v` arguments: `volume:/data`, `/host/dir:/fixtures:ro`. */
  volumes?: string[];
  /** Extra `docker run` options, before the image. */
  options?: string[];
  /** Replaces the image's command. */
  command?: string[];
}

/** A container run in the foreground of a `docker run` process, whose output the test reads. */
export class Container {
  readonly name: string;
  private readonly proc: ChildProcess;
  private out = '';
  private readonly listeners = new Set<() => void>();
  /** The `docker run` process's exit code: the container's. */
  readonly exited: Promise<number | null>;

  constructor(opts: RunOptions) {
    this.name = opts.name;
    const env = Object.entries(opts.env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    const volumes = (opts.volumes ?? []).flatMap((v) => ['-v', v]);
    this.proc = spawn(
      'docker',
      [
        'run',
        '--name',
        opts.name,
        '--network',
        'host',
        ...env,
        ...volumes,
        ...(opts.options ?? []),
        image(opts.role),
        ...(opts.command ?? []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const onData = (b: Buffer) => {
      this.out += b.toString();
      for (const l of this.listeners) l();
    };
    this.proc.stdout!.on('data', onData);
    this.proc.stderr!.on('data', onData);
    this.exited = new Promise((resolve) => this.proc.on('exit', (code) => resolve(code)));
    this.exited.then(() => {
      for (const l of this.listeners) l();
    });
  }

  output(): string {
    return this.out;
  }

  /** Resolves when the container's output matches; rejects when it exits first, or after `ms`. */
  waitFor(pattern: RegExp, ms = 120_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`timed out waiting for ${pattern}`)), ms);
      const check = () => {
        const m = this.out.match(pattern);
        if (m) return done(null, m);
        if (this.proc.exitCode !== null) done(new Error(`exited (${this.proc.exitCode}) before ${pattern}`));
      };
      const done = (err: Error | null, m?: RegExpMatchArray) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        if (err) reject(new Error(`${this.name}: ${err.message}; output:\n${this.out}`));
        else resolve(m!);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** `docker inspect` with a Go template. */
  inspect(format: string): string {
    return docker(['inspect', '-f', format, this.name]).trim();
  }

  /** A command in the running container (as its user). */
  exec(command: string[]): string {
    return docker(['exec', this.name, ...command]);
  }

  /**
   * `docker stop`: SIGTERM, then SIGKILL after `graceSeconds`. Returns the exit code, which is 137
   * when the grace period ran out and the engine had to kill.
   */
  async stop(graceSeconds: number): Promise<number> {
    docker(['stop', '-t', String(graceSeconds), this.name], (graceSeconds + 30) * 1000);
    await this.exited;
    return Number(this.inspect('{{.State.ExitCode}}'));
  }

  /**
   * What the container changed in its image's file system (`docker diff`). Volumes are not in it;
   * the folder the engine itself creates for a bind mount's target (`A /fixtures`) is left out.
   */
  diff(): string[] {
    const mounts = new Set(
      (JSON.parse(this.inspect('{{json .Mounts}}')) as { Destination: string }[]).map((m) => m.Destination),
    );
    return docker(['diff', this.name])
      .split('\n')
      .filter((line) => line && !mounts.has(line.slice(2)));
  }

  /** Removes the container, whatever its state. */
  remove(): void {
    spawnSync('docker', ['rm', '-f', this.name], { stdio: 'ignore' });
  }
}

/**
 * Resolves once the engine reports the container healthy (`docker events`: no polling). The events
 * since `since` are replayed first, so a container that turned healthy before the call counts.
 */
export function healthy(name: string, since: Date, ms = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const events = spawn(
      'docker',
      [
        'events',
        '--since',
        String(Math.floor(since.getTime() / 1000)),
        '--filter',
        `container=${name}`,
        '--filter',
        'event=health_status',
        '--format',
        '{{.Status}}',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let seen = '';
    const timer = setTimeout(() => {
      events.kill();
      reject(new Error(`${name}: not healthy after ${ms} ms (events: ${seen.trim() || 'none'})`));
    }, ms);
    events.stdout.on('data', (b: Buffer) => {
      seen += b.toString();
      if (/health_status: healthy/.test(seen)) {
        clearTimeout(timer);
        events.kill();
        resolve();
      }
    });
  });
}

/** A named volume for a container's /data, removed with `removeVolume`. */
export function createVolume(name: string): string {
  docker(['volume', 'create', name]);
  return name;
}

export function removeVolume(name: string): void {
  spawnSync('docker', ['volume', 'rm', '-f', name], { stdio: 'ignore' });
}

/** The names of the entries in a volume's folder, read through a throw-away container. */
export function listVolume(volume: string, path = ''): string[] {
  return docker([
    'run',
    '--rm',
    '--network',
    'none',
    '-v',
    `${volume}:/data:ro`,
    '--entrypoint',
    'ls',
    image('monitor'),
    '-A',
    `/data/${path}`,
  ])
    .split('\n')
    .filter(Boolean);
}
