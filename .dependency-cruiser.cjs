// The layering rules of the workspace, checked by `npm run lint:deps` (scripts/dep-rules.mjs, part of
// `npm run check`, so of CI). What they mean and how to read a failure: docs/architecture.md, "Rules as code".
// Violations that existed when a rule was written are listed in .dependency-cruiser-known-violations.json
// (`npm run lint:deps -- --update-baseline` rewrites it); every move should shrink that file, and a new
// violation fails. The rule "no two top-level folders of a service's src import each other" is checked by
// scripts/dep-rules.mjs on this cruise's output: dependency-cruiser's own folder-scope rules work on leaf
// folders and its known-violations file does not cover them.
const { join } = require('node:path');

/** The service folders, so one rule can say "a service's own src" through the `$1` back-reference. */
const SERVICE = '^services/(monitor|metrics)/';

/**
 * Each service's layers, top to bottom (docs/architecture.md). A folder may import the layers below it
 * and never one above; two folders on one row do not import each other. The top row is the routes and
 * the composition root; errors.ts (the one error catalogue), config.ts (the configuration's type) and
 * the monitor's service-root.ts are leaves every layer may read.
 */
const LAYERS = {
  monitor: [
    ['api', 'probe', 'app.ts', 'server.ts', 'main.ts', 'context.ts', 'heap-growth.ts'],
    ['operations', 'public-face'],
    ['alerting'],
    ['engine'],
    ['identity'],
    ['platform'],
    ['store'],
    ['shared-types'],
  ],
  metrics: [
    ['api', 'app.ts', 'server.ts', 'main.ts', 'context.ts', 'run-ports.ts'],
    ['outputs', 'intake'],
    ['insights'],
    ['history-runs'],
    ['pipeline'],
    ['platform'],
    ['store'],
    ['shared-types'],
  ],
};

/** A path pattern for some entries of a service's src/ (folders, or files directly in it). */
const entries = (service, names) =>
  `^services/${service}/src/(${names.map((n) => n.replace(/\./g, '\\.') + (n.endsWith('.ts') ? '$' : '/')).join('|')})`;

/** One rule per layer: it imports nothing above it, nor its neighbours on the same row. */
const layerRules = Object.entries(LAYERS).flatMap(([service, rows]) =>
  rows.slice(1).flatMap((row, i) =>
    row.map((name) => ({
      name: 'layer-order',
      severity: 'error',
      comment:
        `${service}: ${name}/ sits below ${rows
          .slice(0, i + 1)
          .map((r) => r.join(', '))
          .join(
            ' / ',
          )} and may not import them (nor ${row.filter((n) => n !== name).join(', ') || 'anything on its row'}). ` +
        'Move the code to the layer where it belongs, or declare a small interface (a port) here and let the ' +
        'composition root (app.ts / server.ts) pass the upper implementation in.',
      from: { path: entries(service, [name]) },
      to: { path: entries(service, [...rows.slice(0, i + 1).flat(), ...row.filter((n) => n !== name)]) },
    })),
  ),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files import each other in a circle: move what both need into a third module both import, so the ' +
        'arrows point one way. Only the Python grammar in packages/pyscan/src/fast-parse/ is allowed its ' +
        'circles (see no-circular-leaving-fast-parse).',
      from: { pathNot: '^packages/pyscan/src/fast-parse/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-leaving-fast-parse',
      severity: 'error',
      comment:
        'The parser in fast-parse/ is a recursive-descent parser whose modules call each other as the ' +
        'grammar nests: an atom holds a parenthesised expression (atoms.ts <-> expressions.ts) and a match ' +
        "statement's cases hold statements (statements.ts <-> match.ts). That recursion may stay inside " +
        'fast-parse/; a circle that leaves the folder is an ordinary circular dependency.',
      from: { path: '^packages/pyscan/src/fast-parse/' },
      to: { circular: true, viaNot: '^packages/pyscan/src/fast-parse/' },
    },
    {
      name: 'store-imports-no-domain',
      severity: 'error',
      comment:
        'The store (repositories and their row types) is the bottom layer of a service: it imports kit, ' +
        'its own files, the shared types below it (src/shared-types/) and nothing of the domains above it. ' +
        'A domain type both need lives in src/shared-types/ or the store owns the row type and the domain maps it.',
      from: { path: `${SERVICE}src/store/` },
      to: { path: `${SERVICE}src/`, pathNot: [`${SERVICE}src/store/`, `${SERVICE}src/shared-types/`] },
    },
    {
      name: 'checks-import-no-service-code',
      severity: 'error',
      comment:
        'A checker (services/monitor/src/engine/checks/) talks to its target and returns a result: it imports ' +
        'kit, libraries and the other checkers, not the engine, the store or any other monitor folder.',
      from: { path: '^services/monitor/src/engine/checks/' },
      to: { path: '^services/', pathNot: '^services/monitor/src/engine/checks/' },
    },
    {
      name: 'pyscan-imports-no-service',
      severity: 'error',
      comment: 'packages/pyscan is a library and a CLI of its own: it may not import any service code.',
      from: { path: '^packages/pyscan/' },
      to: { path: '^services/' },
    },
    {
      name: 'kit-imports-no-service',
      severity: 'error',
      comment: 'packages/kit sits below both services: it may not import any service code.',
      from: { path: '^packages/kit/' },
      to: { path: '^services/' },
    },
    {
      name: 'web-imports-only-shared-types',
      severity: 'error',
      comment:
        "A web UI talks to its service over HTTP; of the service's source it may import only the one " +
        'module of types it shares with it (services/<service>/src/shared-types/), never the other ' +
        "service's code. What the UIs import today beyond that is in the known-violations file.",
      from: { path: `${SERVICE}web/src/` },
      to: {
        path: '^services/',
        pathNot: ['^services/$1/web/', '^services/$1/src/shared-types/'],
      },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)data/'] },
    // Tests may reach into any layer they test; the rules are about the shipped code.
    includeOnly: { path: '^(services/[^/]+/(src|web/src)|packages/[^/]+/src)/' },
    tsPreCompilationDeps: true,
    // With the compiler's settings, a `.js` specifier resolves to the `.ts` file beside it (NodeNext style).
    tsConfig: { fileName: join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    // No cache: dependency-cruiser's cache kept reporting moved files at their old paths (73 false
    // violations after the domain moves); a cold run takes about 8 s.
  },
};
