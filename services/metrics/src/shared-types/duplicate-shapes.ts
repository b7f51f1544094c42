// A run's clone groups as the duplicates endpoints answer them; the web UI imports the types only.
import { type Static, Type } from 'typebox';

/** Where one copy of a clone sits (lines 1-based, inclusive). */
const Location = {
  path: Type.String(),
  start_line: Type.Integer(),
  end_line: Type.Integer(),
};

export const CloneGroupSummary = Type.Object({
  group: Type.Integer({ description: '1 for the largest group, then by size.' }),
  tokens: Type.Integer(),
  lines: Type.Integer({ description: 'Lines of its longest occurrence.' }),
  occurrences: Type.Array(Type.Object(Location)),
});
export const DuplicatesPage = Type.Object({
  items: Type.Array(CloneGroupSummary),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  next_offset: Type.Union([Type.Integer(), Type.Null()]),
});
export const CloneGroupDetail = Type.Object({
  group: Type.Integer(),
  tokens: Type.Integer(),
  lines: Type.Integer(),
  occurrences: Type.Array(
    Type.Object({
      ...Location,
      text: Type.String({ description: 'The fragment as analysed (at most 200 lines and 16 KB).' }),
      truncated: Type.Boolean(),
    }),
  ),
});

export type CloneGroupSummary = Static<typeof CloneGroupSummary>;
export type CloneLocation = CloneGroupSummary['occurrences'][number];
export type DuplicatesPage = Static<typeof DuplicatesPage>;
/** A clone group with each occurrence's stored text. */
export type CloneGroupDetail = Static<typeof CloneGroupDetail>;
