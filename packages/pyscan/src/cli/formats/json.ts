// --format json: one document, described by schema/pyscan-report.schema.json.
import type { Report } from '../report.js';

/** Bumped in the minor part for added fields, in the major part for removed or changed ones. */
export const JSON_SCHEMA_VERSION = '1.2';

export function toJsonReport(r: Report): object {
  return {
    schema_version: JSON_SCHEMA_VERSION,
    tool: { name: r.tool.name, version: r.tool.version },
    base: r.base,
    settings: r.settings,
    diff: r.diff,
    summary: r.summary,
    gate: {
      passed: r.gate.passed,
      rules: r.gate.rules.map((x) => x.text),
      violations: r.gate.violations,
      baseline: r.gate.baseline,
    },
    files: r.files.map((f) => f.file),
    classes: r.files.flatMap((f) => f.classes),
    functions: r.files.flatMap((f) => f.functions),
    code_health: r.codeHealth,
    coverage: r.coverage,
    health: r.health,
  };
}

export function renderJson(r: Report): string {
  return `${JSON.stringify(toJsonReport(r), null, 2)}\n`;
}
