import type { KeptDuplication } from '../../../store/repos/rerun-repo.js';
import type { RunDuplication } from '../../duplication/detect-duplication.js';

/** An earlier run's kept duplication in the shape a run's results take (texts are not needed: copied). */
export function keptAsRun(k: KeptDuplication): RunDuplication {
  return {
    groups: k.groups.map((g) => ({
      ...g,
      occurrences: g.occurrences.map((o) => ({ ...o, tokens: 0, text: '', truncated: false })),
    })),
    files: k.files ?? new Map(),
    duplicatedLines: k.duplicatedLines ?? 0,
  };
}
