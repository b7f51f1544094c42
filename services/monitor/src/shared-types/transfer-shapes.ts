// What importing monitors answers (POST /api/import/monitors and its preview).
import { type Static, Type } from 'typebox';

export const ImportModeSchema = Type.Union(
  [Type.Literal('skip_existing'), Type.Literal('update_by_name'), Type.Literal('keep_both')],
  {
    default: 'skip_existing',
    description:
      'For an entry whose name a monitor here already has: skip it (default: a re-import creates nothing), update that monitor (exactly one of that name), or create another beside it',
  },
);
export const ImportResult = Type.Object({
  imported: Type.Integer({ description: 'Monitors written: created + updated' }),
  ids: Type.Array(Type.Integer()),
  mode: ImportModeSchema,
  created: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  warnings: Type.Array(Type.String()),
});
const FieldProblem = Type.Object({ path: Type.String(), message: Type.String() });
export const ImportPreview = Type.Object({
  total: Type.Integer(),
  new: Type.Integer(),
  existing: Type.Integer({ description: 'Entries whose name a monitor here already has' }),
  invalid: Type.Integer(),
  entries: Type.Array(
    Type.Object({
      index: Type.Integer(),
      name: Type.Union([Type.String(), Type.Null()]),
      status: Type.Union([Type.Literal('new'), Type.Literal('existing'), Type.Literal('invalid')]),
      existing_ids: Type.Array(Type.Integer()),
      errors: Type.Array(FieldProblem),
    }),
  ),
});

export type ImportResult = Static<typeof ImportResult>;
export type ImportPreview = Static<typeof ImportPreview>;
