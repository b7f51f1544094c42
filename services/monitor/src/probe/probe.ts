import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Logger } from '@app/kit';
import { StartupError } from '@app/kit';
import {
  browserPool,
  closeBrowserChecks,
  closeHttpAgents,
  configureBrowserChecks,
} from '../engine/checks/index.js';
import { SERVICE_VERSION } from '../service-root.js';
import { AssignmentsClient } from './assignments-client.js';
import { CentralClient } from './central-client.js';
import { Heartbeat } from './heartbeat.js';
import type { ProbeConfig } from './probe-config.js';
import { ProbeScheduler } from './probe-scheduler.js';
import { ResultSender } from './result-sender.js';
import { Spool } from './spool.js';

export interface RunningProbe {
  /** Stops checking, spools the last results and sends what it can before `untilMs` (Date.now time). */
  close(untilMs?: number): Promise<void>;
}

/**
 * A probe: checks what the central instance assigns to its location and reports back, with no
 * database of its own (see docs/locations.md, "Running a probe"). The pieces: the assignments
 * client feeds the scheduler, whose results go through the spool to the sender; the heartbeat
 * reports liveness and the spool's figures.
 */
export async function startProbe(config: ProbeConfig, log: Logger): Promise<RunningProbe> {
  if (config.sourceAddress) await assertLocalAddress(config.sourceAddress);
  let spool: Spool;
  try {
    spool = await Spool.open(config.spoolFile, config.spoolMaxBytes, log);
  } catch (err) {
    throw new StartupError(
      `PROBE_SPOOL_FILE ${config.spoolFile} cannot be used: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  // Browser checks share one Chromium here too; without it the probe reports the type unsupported
  // and the central instance assigns it none (the scheduler skips any that come anyway).
  // A failure's evidence waits beside the spool only until its result is batched (forward-details.ts).
  configureBrowserChecks({
    concurrency: config.browserConcurrency,
    executablePath: config.chromiumPath,
    evidence: {
      dir: config.evidenceMaxBytes > 0 ? join(dirname(config.spoolFile), 'browser-evidence') : null,
      maxBytes: config.evidenceMaxBytes,
      retentionDays: 1,
    },
  });
  const unsupported = browserPool().available() ? [] : ['browser'];
  if (unsupported.length > 0)
    log.warn({ chromium: config.chromiumPath }, 'probe: no Chromium, browser checks unsupported');
  const central = new CentralClient(config.serverUrl, config.token);
  const sender = new ResultSender(central, spool, config.batchMs, log);
  const scheduler = new ProbeScheduler({
    concurrency: config.concurrency,
    localAddress: config.sourceAddress,
    onResult: (r) => sender.add(r),
    unsupportedTypes: unsupported,
  });
  const heartbeat = new Heartbeat(
    central,
    () => ({
      version: SERVICE_VERSION,
      spooled: spool.spooledResults + sender.buffered,
      dropped: spool.dropped,
      unsupported_types: unsupported,
    }),
    log,
  );
  const assignments = new AssignmentsClient(
    central,
    scheduler,
    { location: (loc) => heartbeat.every(loc.heartbeat_seconds) },
    log,
  );
  sender.start();
  assignments.start();
  log.info(
    {
      server: config.serverUrl,
      source_address: config.sourceAddress ?? null,
      spool: config.spoolFile,
      version: SERVICE_VERSION,
    },
    'probe started',
  );
  return {
    async close(untilMs = Date.now() + 5_000) {
      await assignments.stop();
      await scheduler.stop();
      heartbeat.stop();
      await sender.stop(untilMs);
      await spool.close();
      await closeHttpAgents();
      await closeBrowserChecks();
      log.info(
        {
          checks: scheduler.checks,
          aborted_at_stop: scheduler.abortedAtStop,
          accepted: sender.accepted,
          left_in_spool: spool.spooledResults,
        },
        'probe stopped',
      );
    },
  };
}

// Fails at start, in words, when PROBE_SOURCE_ADDRESS is not an address of this host: every
// check would otherwise fail with EADDRNOTAVAIL.
function assertLocalAddress(address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new StartupError(`PROBE_SOURCE_ADDRESS ${address} is not usable here (${err.code ?? err.message})`),
      ),
    );
    server.listen(0, address, () => server.close(() => resolve()));
  });
}
