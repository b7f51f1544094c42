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
import { runIdsNeverReused } from './010-run-ids-never-reused.js';
import { securityFindings } from './020-security-findings.js';
import { codeHealth } from './021-code-health.js';
import { runCoverage } from './022-coverage.js';
import { qualityGates } from './030-quality-gates.js';
import { forge } from './031-forge.js';
import { repoCache } from './040-repo-cache.js';
import { codeHealthSummary } from './041-code-health-summary.js';
import { runHealth } from './042-run-health.js';
import { pylintFileCache } from './045-pylint-file-cache.js';

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
  '010-run-ids-never-reused': runIdsNeverReused,
  '020-security-findings': securityFindings,
  '021-code-health': codeHealth,
  '022-coverage': runCoverage,
  '030-quality-gates': qualityGates,
  '031-forge': forge,
  '040-repo-cache': repoCache,
  '041-code-health-summary': codeHealthSummary,
  '042-run-health': runHealth,
  '045-pylint-file-cache': pylintFileCache,
};
