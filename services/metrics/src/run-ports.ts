import type { MetricsConfig } from './config.js';
import { historyRunsPass } from './history-runs/history-pass.js';
import { judgeFinishedRun } from './insights/quality-gate/gate-service.js';
import { reportToForge } from './intake/forge/forge-report.js';
import { removeOutputs } from './outputs/exports/remove-outputs.js';
import { writeOutputs } from './outputs/exports/write-outputs.js';
import { outputName } from './outputs/output/output-name.js';
import type { RunPorts } from './pipeline/jobs/run-analysis.js';

/** What the pipeline's stages reach above it through: the outputs folder's files, history runs and the gate's verdict. */
export function runPorts(config: MetricsConfig): RunPorts {
  return {
    outputs: {
      name: outputName,
      write: (name, results) => writeOutputs(config.outputsDir, name, results),
      remove: (name) => removeOutputs(config.outputsDir, name),
    },
    commits: historyRunsPass,
    judge: async (deps, id) => {
      await judgeFinishedRun(deps, id);
      await reportToForge(deps, id);
    },
  };
}
