import type { CompareResponse, SummaryDeltaKey } from '../../../src/shared-types/compare-types.js';
import { deltaTone, signed } from '../lib/delta.js';
import { fmt } from '../lib/format.js';

// Which way is better for each number: `down` (complexity), `up` (MI, pylint), or neither (size).
const KPIS: { key: SummaryDeltaKey; label: string; digits: number; better: 'up' | 'down' | null }[] = [
  { key: 'files', label: 'Files', digits: 0, better: null },
  { key: 'loc', label: 'Lines', digits: 0, better: null },
  { key: 'functions', label: 'Functions', digits: 0, better: null },
  { key: 'cc_avg', label: 'Avg complexity', digits: 2, better: 'down' },
  { key: 'cc_max', label: 'Max complexity', digits: 0, better: 'down' },
  { key: 'mi_avg', label: 'Avg MI', digits: 1, better: 'up' },
  { key: 'pylint_avg', label: 'Pylint avg', digits: 2, better: 'up' },
  { key: 'duplicated_lines_pct', label: 'Duplicated lines %', digits: 1, better: 'down' },
  { key: 'health', label: 'Health (1-10)', digits: 1, better: 'up' },
  { key: 'coverage', label: 'Coverage %', digits: 1, better: 'up' },
  { key: 'typed', label: 'Typed %', digits: 1, better: 'up' },
  { key: 'cycles', label: 'Import cycles', digits: 0, better: 'down' },
];

/** The head's key figures with their change since the base, coloured by whether it is for the better. */
export function KpiDeltas({ summary }: { summary: CompareResponse['summary'] }) {
  return (
    <section aria-label="Key figures compared" className="kpi-area">
      <div className="kpis">
        {KPIS.map((k) => {
          const s = summary[k.key];
          const d = s?.delta ?? null;
          const tone = deltaTone(d, k.digits, k.better) ?? '';
          return (
            <div className="kpi" key={k.key} data-kpi={k.key}>
              <span className="kpi-label">{k.label}</span>
              <span className="kpi-value">{fmt(s?.head, k.digits)}</span>
              <span className={`kpi-delta ${tone}`}>
                {signed(d, k.digits)} <span className="muted">from {fmt(s?.base, k.digits)}</span>
              </span>
            </div>
          );
        })}
      </div>
    </section>
  );
}
