import { join } from 'node:path';
import { createFixtureBase, type FixtureBase, gitSync } from '../fixtures-builder/build-repo.js';
import { buildInsightsFixture } from './insights-fixture.js';
import { startUiService, type UiService } from './ui-service.js';

/** The insights fixture served twice: with full history and with shallow clones. */
export interface InsightsServices {
  fixture: FixtureBase;
  full: UiService;
  shallow: UiService;
  /** The fixture repository's URL, and that of `acme/cut`, itself a shallow clone of it. */
  repoUrl: string;
  stop(): Promise<void>;
}

/**
 * Builds the insights fixture and a shallow clone of it (`acme/cut`: even a full clone of it lacks
 * the history), then starts a full-history and a shallow-cloning service at once. Whichever started
 * is stopped again when the other fails.
 */
export async function startInsightsServices(): Promise<InsightsServices> {
  const fixture = createFixtureBase('metrics-insights-ui-');
  const repo = buildInsightsFixture(fixture);
  gitSync(fixture.dir, [
    'clone',
    '-q',
    '--depth',
    '1',
    `file://${repo.dir}`,
    join(fixture.dir, 'acme', 'cut'),
  ]);
  const env = { PYLINT_ENABLED: 'false' };
  const [f, s] = await Promise.allSettled([
    startUiService(fixture, 'metrics-insights-full', { ...env, CLONE_SHALLOW: 'false' }),
    startUiService(fixture, 'metrics-insights-shallow', { ...env, CLONE_SHALLOW: 'true' }),
  ]);
  const stop = async () => {
    await Promise.all([
      f.status === 'fulfilled' ? f.value.stop() : undefined,
      s.status === 'fulfilled' ? s.value.stop() : undefined,
    ]);
    fixture.cleanup();
  };
  if (f.status === 'rejected' || s.status === 'rejected') {
    await stop();
    throw f.status === 'rejected' ? f.reason : (s as PromiseRejectedResult).reason;
  }
  return { fixture, full: f.value, shallow: s.value, repoUrl: repo.url, stop };
}
