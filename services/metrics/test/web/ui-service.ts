import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runService } from '@app/kit/testing';
import type { FixtureBase } from '../fixtures-builder/build-repo.js';
import { ensureWebBuild } from './web-build.js';

const ENTRY = new URL('../../src/main.ts', import.meta.url).pathname;

/** The service as browsers meet it: a real process on a loopback port, with its own data folder. */
export interface UiService {
  base: string;
  stop(): Promise<void>;
}

/**
 * Builds the web UI if needed and starts the service on a free port, cloning from `fixture`, with
 * one analysis thread and a quick poll (browser tests wait on what it shows); `env` adds to that.
 */
export async function startUiService(
  fixture: FixtureBase,
  name: string,
  env: Record<string, string>,
): Promise<UiService> {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-data-`));
  const port = await freePort();
  const service = runService(ENTRY, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    GITHUB_BASE_URL: fixture.baseUrl,
    ANALYSIS_THREADS: '1',
    POLL_INTERVAL_MS: '200',
    ...env,
  });
  await service.waitFor(/listening/i, 60_000);
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
