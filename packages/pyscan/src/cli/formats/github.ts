// --format github: GitHub Actions workflow commands, one `::error` annotation per violation on its
// file and lines (https://docs.github.com/actions/reference/workflow-commands-for-github-actions),
// and the Markdown report appended to the job summary ($GITHUB_STEP_SUMMARY) when the runner sets it.
import { appendFileSync } from 'node:fs';
import type { Report } from '../report.js';
import { metricLabel } from '../thresholds.js';
import { renderMarkdown } from './markdown.js';
import { shown } from './wording.js';

/** A command's message: `%`, CR and LF escaped as the runner expects. */
export const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A command's property value: also `:` and `,`, which separate properties. */
export const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function renderGithub(r: Report): string {
  const lines = r.gate.violations.map((v) => {
    const props = [
      `file=${escapeProperty(r.uriOf(v.path))}`,
      `line=${v.line}`,
      ...(v.endline !== null ? [`endLine=${v.endline}`] : []),
      `title=${escapeProperty(`pyscan ${v.rule}`)}`,
    ].join(',');
    const what = v.scope === 'file' ? `File ${v.path}` : `${v.name}`;
    return `::error ${props}::${escapeData(`${what} has ${metricLabel(v.metric)} ${shown(v.value)} (limit ${v.rule})`)}`;
  });
  if (r.gate.rules.length > 0) {
    lines.push(
      r.gate.passed
        ? `::notice title=pyscan::${escapeData(`gate passed: ${r.gate.rules.map((x) => x.text).join(', ')}`)}`
        : `::notice title=pyscan::${escapeData(`gate failed: ${r.gate.violations.length} item(s) over the limits`)}`,
    );
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** Appends the Markdown report to the job summary file, when running in GitHub Actions. */
export function writeJobSummary(r: Report, top: number, env: NodeJS.ProcessEnv): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  appendFileSync(file, renderMarkdown(r, top));
}
