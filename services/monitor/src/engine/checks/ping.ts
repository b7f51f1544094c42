import { spawn } from 'node:child_process';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { errorCode } from './errors.js';
import { downOutcome, upOutcome } from './outcome.js';
import type { CheckOutcome, CheckTarget } from './types.js';

// Host names and IP literals only: nothing that `ping` could read as an option.
const HOST = /^[A-Za-z0-9_.:%]+(?:-[A-Za-z0-9_.:%]+)*$/;

/** True for a host name or IP literal that `ping` cannot mistake for an option. */
export function isPingHost(host: string): boolean {
  return HOST.test(host);
}

interface PingRun {
  code: number | null;
  output: string;
}

/**
 * Sends one ICMP echo with the system `ping` (from `localAddress` when given: `-I addr`); the round
 * trip it reports is the response time.
 */
export async function checkPing(
  target: CheckTarget,
  deadline: Deadline,
  localAddress?: string,
): Promise<CheckOutcome> {
  const host = (target.url ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  if (!isPingHost(host)) return downOutcome(`invalid ping host "${target.url ?? ''}"`);
  const waitSeconds = Math.max(1, Math.ceil(deadline.timeoutMs / 1000));
  let run: PingRun;
  try {
    const source = localAddress ? ['-I', localAddress] : [];
    run = await runPing(['-n', '-c', '1', '-W', String(waitSeconds), ...source, host], deadline.signal);
  } catch (err) {
    if (deadline.signal.aborted) return downOutcome(deadline.reason());
    if (errorCode(err) === 'ENOENT') {
      return downOutcome('ping is not available on this system (install iputils-ping)');
    }
    return downOutcome(`ping could not run: ${err instanceof Error ? err.message : String(err)}`);
  }
  const rtt = /time[=<]\s*([\d.]+)\s*ms/.exec(run.output);
  if (run.code === 0 && rtt) return upOutcome({ response_time_ms: Math.round(Number(rtt[1])) });
  if (run.code === 1) return downOutcome(`no reply from ${host} within ${waitSeconds} s`);
  const detail = lastLine(run.output) || `exit code ${run.code ?? 'unknown'}`;
  return downOutcome(`ping ${host} failed: ${detail}`);
}

function runPing(args: string[], signal: AbortSignal): Promise<PingRun> {
  return new Promise<PingRun>((resolve, reject) => {
    const child = spawn('ping', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      if (output.length < 8192) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const onAbort = (): void => {
      child.kill('SIGKILL');
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.once('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      resolve({ code, output });
    });
  });
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return (lines[lines.length - 1] ?? '').trim();
}

/** The ping monitor type, as registry.ts lists it. */
export const pingCheck: CheckType = {
  run: (target, { deadline, from }) => checkPing(target, deadline, from),
  validate: (_target, url, add) => {
    if (!isPingHost(url.replace(/^\[(.*)\]$/, '$1'))) add('url', 'must be a host name or IP address');
  },
};
