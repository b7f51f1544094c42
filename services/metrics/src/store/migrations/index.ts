import type { AppMigration } from '@app/kit';
import { analyses } from './001-analyses.js';
import { onePendingRun } from './002-one-pending-run.js';
import { historyInsights } from './003-history-insights.js';
import { findingsSource } from './004-findings-source.js';
import { duplication } from './005-duplication.js';
import { commitHistory } from './006-commit-history.js';
import { storedOutputs } from './007-stored-outputs.js';
import { contentCache } from './008-content-cache.js';
import { commitManifests } from './009-commit-manifests.js';

/** Applied in name order at every start; never edit a released migration, add a new one. */
export const migrations: Record<string, AppMigration> = {
  '001-analyses': analyses,
  '002-one-pending-run': onePendingRun,
  '003-history-insights': historyInsights,
  '004-findings-source': findingsSource,
  '005-duplication': duplication,
  '006-commit-history': commitHistory,
  '007-stored-outputs': storedOutputs,
  '008-content-cache': contentCache,
  '009-commit-manifests': commitManifests,
};
