// --format gitlab: GitLab Code Quality report, a JSON array of issues (a subset of the Code Climate
// spec: description, check_name, fingerprint, severity, location.path, location.lines.begin)
// https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format
// The fingerprint is the violation's identity (file, item, metric; not its line), the same one the
// baseline uses, so GitLab sees an issue that merely moved as the same issue.
import { createHash } from 'node:crypto';
import { identityOf } from '../baseline.js';
import type { Report } from '../report.js';
import { metricLabel } from '../thresholds.js';
import { shown } from './wording.js';

export function toGitlab(r: Report): object[] {
  const seen = new Map<string, number>();
  return r.gate.violations.map((v) => {
    const id = identityOf(v);
    // Two items of one identity (same name in one file) still get distinct fingerprints.
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    const what = v.scope === 'file' ? `File ${v.path}` : `${v.name}`;
    return {
      description: `${what} has ${metricLabel(v.metric)} ${shown(v.value)} (limit ${v.rule})`,
      check_name: `pyscan/${v.metric}`,
      fingerprint: createHash('md5').update(`${id}\0${n}`).digest('hex'),
      severity: 'major',
      location: {
        path: r.uriOf(v.path),
        lines: { begin: v.line, ...(v.endline !== null ? { end: v.endline } : {}) },
      },
    };
  });
}

export function renderGitlab(r: Report): string {
  return `${JSON.stringify(toGitlab(r), null, 2)}\n`;
}
