import type { Analysis } from '../api/types.js';
import { type ExplorerColumn, ExplorerTable } from './explorer-table.js';

const FUNCTION_COLUMNS: ExplorerColumn[] = [
  { key: 'class', label: 'Class', title: 'class' },
  { key: 'lineno', label: 'Line', title: 'first line', num: true },
  { key: 'complexity', label: 'CC', title: 'cyclomatic complexity', num: true },
  { key: 'rank', label: 'Rank', title: 'complexity rank' },
  { key: 'cognitive', label: 'Cognitive', title: 'cognitive complexity', num: true },
  { key: 'params', label: 'Params', title: 'parameters', num: true },
  { key: 'nloc', label: 'NLOC', title: 'lines of code', num: true },
  { key: 'max_nesting', label: 'Nesting', title: 'deepest nesting', num: true },
];

const CLASS_COLUMNS: ExplorerColumn[] = [
  { key: 'lineno', label: 'Line', title: 'first line', num: true },
  { key: 'methods', label: 'Methods', title: 'methods', num: true },
  { key: 'complexity', label: 'CC', title: 'complexity', num: true },
  { key: 'real_complexity', label: 'Real CC', title: 'real complexity', num: true },
  { key: 'rank', label: 'Rank', title: 'complexity rank' },
];

/** The Explorer: every function and every class of the run, repository-wide. */
export function Explorer({ analysis }: { analysis: Analysis }) {
  return (
    <>
      <ExplorerTable
        id={analysis.id}
        level="functions"
        title="Functions"
        columns={FUNCTION_COLUMNS}
        label={(r) => (r.class ? `${String(r.class)}.${String(r.name)}` : String(r.name))}
      />
      <ExplorerTable
        id={analysis.id}
        level="classes"
        title="Classes"
        columns={CLASS_COLUMNS}
        label={(r) => String(r.name)}
      />
    </>
  );
}
