import { Type } from 'typebox';

// The answer's shape is shared with the web UI.
export { Analysis } from '../../shared-types/analysis-shape.js';

// Shape only: the URL and ref-name rules are checked by validateAnalysisInput, which reports every field.
export const CreateAnalysisBody = Type.Object(
  {
    repo_url: Type.String({ maxLength: 300, examples: ['https://github.com/psf/requests'] }),
    branch: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
    ref: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 300, description: 'A tag or commit; wins over branch.' }),
        Type.Null(),
      ]),
    ),
    exclude: Type.Optional(
      Type.Array(Type.String({ maxLength: 200 }), {
        maxItems: 50,
        description:
          'Globs of files and folders to leave out, relative to the repository root (a name without "/" matches at any depth). They add to the repository\'s own [tool.pyscan] exclude.',
        examples: [['legacy', 'src/gen/**', '*_pb2.py']],
      }),
    ),
    // Checked by requestContracts, which names the bad key in its 422.
    contracts: Type.Optional(
      Type.Unknown({
        description:
          "Import contracts in import-linter's format, checked beside the repository's own [tool.importlinter]: that table as a JSON object (root_packages, contracts: [{name, type: layers | forbidden | independence, layers, containers, source_modules, forbidden_modules, allow_indirect_imports, modules, ignore_imports}]) or a pyproject.toml's TOML text holding it.",
        examples: [{ contracts: [{ name: 'layered', type: 'layers', layers: ['app.api', 'app.core'] }] }],
      }),
    ),
    history: Type.Optional(
      Type.Union(
        [
          Type.Boolean(),
          Type.Object(
            {
              // Ranges and the date are checked by parseHistory, which names the field in its 422.
              commits: Type.Optional(Type.Number({ description: '1–500', examples: [100] })),
              since: Type.Optional(Type.String({ description: 'YYYY-MM-DD', examples: ['2024-01-01'] })),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            'true/false: the git-history columns and insights for this run (default CLONE_SHALLOW=false). {commits: N} (1–500) and/or {since: "YYYY-MM-DD"}: a history run, which also measures up to N earlier commits of the first-parent line (500 with since alone), evenly spaced, each stored as its own run (history_parent_id).',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    repo_url: Type.Optional(Type.String({ maxLength: 300, description: 'Only runs of this repository.' })),
    before: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Paging cursor: only runs with an id below this one. The next page is `before=<the last item\'s id>`, given whole in the Link header (rel="next") while older runs remain.',
      }),
    ),
  },
  { additionalProperties: false },
);
