// The code-health endpoint's answer (pyscan's CodeHealth), shared with the web UI, which imports the types only.
import { type Static, Type } from 'typebox';

const Pct = Type.Union([Type.Number(), Type.Null()]);
const Totals = {
  typed_slots: Type.Integer({ description: 'Parameters counted plus one return per def.' }),
  typed_annotated: Type.Integer(),
  typed_pct: Pct,
  doc_items: Type.Integer({ description: 'Modules plus public classes and defs (interrogate).' }),
  doc_documented: Type.Integer(),
  doc_pct: Pct,
};
const Edge = Type.Object({
  from: Type.String(),
  to: Type.String(),
  line: Type.Integer(),
  count: Type.Integer(),
  via: Type.Optional(Type.String()),
});
const Chain = Type.Object({
  importer: Type.String(),
  imported: Type.String(),
  chain: Type.Array(Type.String()),
  lines: Type.Array(Type.Integer()),
});

export const CodeHealthResponse = Type.Object({
  ...Totals,
  files: Type.Array(Type.Object({ path: Type.String(), ...Totals })),
  functions: Type.Array(
    Type.Object({
      path: Type.String(),
      name: Type.String(),
      class: Type.String(),
      lineno: Type.Integer(),
      params: Type.Integer(),
      params_annotated: Type.Integer(),
      return_annotated: Type.Boolean(),
      typed_pct: Type.Number(),
      public: Type.Boolean(),
      has_docstring: Type.Boolean(),
    }),
  ),
  imports: Type.Object({
    modules: Type.Integer(),
    edges: Type.Array(Edge),
    external: Type.Record(Type.String(), Type.Integer()),
    unresolved: Type.Array(Type.Object({ path: Type.String(), line: Type.Integer(), import: Type.String() })),
  }),
  cycles: Type.Array(
    Type.Object({
      modules: Type.Array(Type.String()),
      size: Type.Integer(),
      shortest: Type.Array(Type.String()),
    }),
  ),
  contracts: Type.Union([
    Type.Object({
      source: Type.String(),
      broken: Type.Integer(),
      results: Type.Array(
        Type.Object({
          name: Type.String(),
          type: Type.String(),
          kept: Type.Boolean(),
          broken: Type.Array(Chain),
        }),
      ),
    }),
    Type.Null(),
  ]),
});
export type CodeHealthView = Static<typeof CodeHealthResponse>;
