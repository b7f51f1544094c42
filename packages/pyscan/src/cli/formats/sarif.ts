// --format sarif: SARIF 2.1.0 as GitHub code scanning reads it; one rule per metric, one result per violation.

import type { Report } from '../report.js';
import { metricLabel, metricScope, type Violation } from '../thresholds.js';
import { shown } from './wording.js';

const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

function ruleId(metric: string): string {
  return `pyscan/${metric}`;
}

function message(v: Violation): string {
  const what =
    v.scope === 'repository'
      ? 'The repository'
      : v.scope === 'file'
        ? `File ${v.path}`
        : `Function ${v.name}`;
  return `${what} has ${metricLabel(v.metric)} ${shown(v.value)} (limit: ${v.rule}).`;
}

export function toSarif(r: Report): object {
  const metrics = [...new Set(r.gate.rules.map((x) => x.metric))];
  const rules = metrics.map((m) => {
    const limits = r.gate.rules.filter((x) => x.metric === m).map((x) => x.text);
    return {
      id: ruleId(m),
      name: m,
      shortDescription: { text: `${metricLabel(m)} over the limit` },
      fullDescription: {
        text: `A ${metricScope(m)} whose ${metricLabel(m)} breaks the --fail-on limit (${limits.join(', ')}).`,
      },
      ...(r.tool.homepage ? { helpUri: r.tool.homepage } : {}),
      defaultConfiguration: { level: 'error' },
      properties: { scope: metricScope(m), limits },
    };
  });
  const results = r.gate.violations.map((v) => ({
    ruleId: ruleId(v.metric),
    ruleIndex: metrics.indexOf(v.metric),
    level: 'error',
    message: { text: message(v) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeUri(r.uriOf(v.path)), uriBaseId: '%SRCROOT%' },
          region: v.endline === null ? { startLine: v.line } : { startLine: v.line, endLine: v.endline },
        },
        ...(v.scope === 'function' ? { logicalLocations: [{ name: v.name, kind: 'function' }] } : {}),
      },
    ],
    properties: { metric: v.metric, value: v.value, limit: v.rule },
  }));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'pyscan',
            version: r.tool.version,
            semanticVersion: r.tool.version,
            ...(r.tool.homepage ? { informationUri: r.tool.homepage } : {}),
            rules,
          },
        },
        results,
        columnKind: 'unicodeCodePoints',
      },
    ],
  };
}

/** Relative URI reference: each path segment percent-encoded (spaces, '#', '%', …). */
function encodeUri(relPath: string): string {
  return relPath.split('/').map(encodeURIComponent).join('/');
}

export function renderSarif(r: Report): string {
  return `${JSON.stringify(toSarif(r), null, 2)}\n`;
}
