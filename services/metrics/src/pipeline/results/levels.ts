import { FILE_CSV_COLUMNS } from './file-row.js';

/** How the JSON API exposes one result level: its table, sortable and filterable columns. */
export interface LevelSpec {
  table: 'file_metrics' | 'class_metrics' | 'function_metrics';
  /** API name → database column. */
  sortable: Record<string, string>;
  /** Numeric API names usable with `metric`, `min` and `max`. */
  numeric: string[];
  defaultSort: string;
}

const identity = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, n]));

const FILE_TEXT = new Set(['path', 'mi_rank', 'parse_error']);
const fileNumeric = FILE_CSV_COLUMNS.filter((c) => !FILE_TEXT.has(c));

export const LEVELS = {
  files: {
    table: 'file_metrics',
    sortable: identity([...fileNumeric, 'path', 'mi_rank']),
    numeric: [...fileNumeric],
    defaultSort: 'path',
  },
  classes: {
    table: 'class_metrics',
    sortable: identity([
      'path',
      'name',
      'lineno',
      'endline',
      'methods',
      'complexity',
      'real_complexity',
      'rank',
    ]),
    numeric: ['lineno', 'endline', 'methods', 'complexity', 'real_complexity'],
    defaultSort: 'path',
  },
  functions: {
    table: 'function_metrics',
    sortable: {
      ...identity([
        'path',
        'name',
        'lineno',
        'endline',
        'complexity',
        'rank',
        'cognitive',
        'params',
        'nloc',
        'max_nesting',
      ]),
      class: 'class_name',
    },
    numeric: ['lineno', 'endline', 'complexity', 'cognitive', 'params', 'nloc', 'max_nesting'],
    defaultSort: 'path',
  },
} as const satisfies Record<string, LevelSpec>;

export type LevelName = keyof typeof LEVELS;
