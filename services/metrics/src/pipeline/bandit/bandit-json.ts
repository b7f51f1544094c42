import type { Finding } from '../findings/finding.js';

/** One result of bandit's JSON formatter (the fields used; 1.6 has no column). */
export interface BanditResult {
  filename: string;
  line_number: number;
  line_range?: number[];
  col_offset?: number;
  issue_severity: string;
  issue_confidence: string;
  issue_text: string;
  test_id: string;
  test_name: string;
}

/** bandit's JSON report: its results and the files it could not check. */
export interface BanditReport {
  results: BanditResult[];
  errors: { filename: string; reason: string }[];
}

/** A finding's severity or confidence as bandit grades it, lower-cased. */
export type BanditLevel = 'high' | 'medium' | 'low' | 'undefined';

const level = (v: string): BanditLevel => {
  const l = v.toLowerCase();
  return l === 'high' || l === 'medium' || l === 'low' ? l : 'undefined';
};

/**
 * A bandit result as a finding of the run: category `security`, bandit's test id (`B602`) as the
 * message id, its test name as the symbol, its severity and confidence. `end_line` is the last line of
 * bandit's `line_range`.
 */
export function banditFinding(r: BanditResult): Finding & { severity: BanditLevel; confidence: BanditLevel } {
  const range = r.line_range ?? [];
  return {
    path: r.filename,
    line: r.line_number,
    column: r.col_offset ?? 0,
    end_line: range.length > 0 ? Math.max(...range) : null,
    end_column: null,
    category: 'security',
    symbol: r.test_name,
    message_id: r.test_id,
    message: r.issue_text,
    severity: level(r.issue_severity),
    confidence: level(r.issue_confidence),
  };
}
