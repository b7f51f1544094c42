import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, missing } from '@app/kit/testing';
import type { TestCert } from '../peers/index.js';

/**
 * A private Mosquitto broker on 127.0.0.1 that demands a user name and password (the machine's broker
 * on 1883 lets anyone in, so an auth failure needs a broker of its own). `acl` lines, when given,
 * follow Mosquitto's acl_file format; with `cert` it listens for TLS (mqtts://).
 */
export interface Mosquitto {
  port: number;
  /** Resolves once `count` lines of the broker's log (so far or to come) match `pattern`. */
  logged(pattern: RegExp, count?: number): Promise<void>;
  close(): Promise<void>;
}

/** Debian puts the broker in /usr/sbin, which an ordinary user's PATH may not hold. */
function binary(name: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  return name;
}

/** false when the mosquitto binaries are there, otherwise the skip reason (thrown under CI=true). */
export function needMosquitto(): false | string {
  for (const name of ['mosquitto', 'mosquitto_passwd']) {
    const res = spawnSync(binary(name), ['-h'], { stdio: 'ignore' });
    if (res.error)
      return missing(`${name} is not installed (${res.error.message}): apt-get install mosquitto`);
  }
  return false;
}

export async function startMosquitto(
  users: Record<string, string>,
  acl?: string[],
  cert?: TestCert,
): Promise<Mosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-'));
  const passwd = join(dir, 'passwd');
  writeFileSync(passwd, '', { mode: 0o600 });
  for (const [user, password] of Object.entries(users)) {
    const res = spawnSync(binary('mosquitto_passwd'), ['-b', passwd, user, password], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`mosquitto_passwd failed: ${res.stderr}`);
  }
  const port = await freePort();
  const lines = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${passwd}`,
    'persistence false',
    // Started as root, Mosquitto would switch to its own user, which cannot read this private folder.
    `user ${userInfo().username}`,
    // The default log types include the `running` line this waits for.
    'log_dest stderr',
  ];
  if (cert) {
    // With a certificate the listener speaks TLS only (mqtts://).
    writeFileSync(join(dir, 'cert.pem'), cert.cert, { mode: 0o600 });
    writeFileSync(join(dir, 'key.pem'), cert.key, { mode: 0o600 });
    lines.push(`certfile ${join(dir, 'cert.pem')}`, `keyfile ${join(dir, 'key.pem')}`);
  }
  if (acl) {
    writeFileSync(join(dir, 'acl'), `${acl.join('\n')}\n`, { mode: 0o600 });
    lines.push(`acl_file ${join(dir, 'acl')}`);
  }
  writeFileSync(join(dir, 'mosquitto.conf'), `${lines.join('\n')}\n`, { mode: 0o600 });
  const child = spawn(binary('mosquitto'), ['-c', join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log: string[] = [];
  let watchers: (() => void)[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    log.push(line);
    for (const w of watchers) w();
  });
  const logged = (pattern: RegExp, count = 1): Promise<void> =>
    new Promise<void>((resolve) => {
      const check = (): void => {
        if (log.filter((l) => pattern.test(l)).length >= count) {
          watchers = watchers.filter((w) => w !== check);
          resolve();
        }
      };
      watchers.push(check);
      check();
    });
  await new Promise<void>((resolve, reject) => {
    logged(/mosquitto version \S+ running/).then(resolve);
    child.once('exit', (code) =>
      reject(new Error(`mosquitto exited (${code}) before running:\n${log.join('\n')}`)),
    );
    child.once('error', reject);
  });
  return {
    port,
    logged,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
