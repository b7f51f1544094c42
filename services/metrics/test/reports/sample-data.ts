import type { ReportData, ReportFile } from '../../src/outputs/reports/index.js';

/** A fixed, made-up run: 40 files in three folders with known extremes, for the renderer tests. */
export function sampleReportData(): ReportData {
  const files: ReportFile[] = [];
  const dirs = ['pkg/core', 'pkg/util', 'scripts'];
  for (let i = 0; i < 40; i++) {
    files.push({
      path: `${dirs[i % 3]}/module_${i}.py`,
      loc: 20 + ((i * 37) % 400),
      cc_total: 2 + ((i * 7) % 60),
      cc_avg: 1 + ((i * 3) % 9) / 2,
      cc_max: 1 + ((i * 5) % 19),
      mi: 30 + ((i * 11) % 70),
      pylint_score: 4 + ((i * 13) % 60) / 10,
      revisions: 1 + ((i * 3) % 25),
    });
  }
  // The one file every "worst" list must start with.
  files.push({
    path: 'pkg/core/dispatcher.py',
    loc: 900,
    cc_total: 140,
    cc_avg: 12.5,
    cc_max: 41,
    mi: 8.25,
    pylint_score: 3.1,
    revisions: 30,
  });
  return {
    id: 7,
    repoUrl: 'https://github.com/acme/widgets',
    ref: 'main',
    commit: '0123456789abcdef0123456789abcdef01234567',
    analysedAt: '2026-11-20T10:30:00.000Z',
    summary: {
      files: files.length,
      classes: 12,
      functions: 230,
      loc: files.reduce((a, f) => a + (f.loc ?? 0), 0),
      sloc: 7000,
      parse_errors: 1,
      cc_avg: 3.42,
      cc_max: 41,
      mi_avg: 61.8,
      pylint_avg: 7.35,
      cc_rank_a: 170,
      cc_rank_b: 40,
      cc_rank_c: 12,
      cc_rank_d: 5,
      cc_rank_e: 2,
      cc_rank_f: 1,
      history_enabled: true,
    },
    files,
    worstFunctions: [
      {
        path: 'pkg/core/dispatcher.py',
        class: 'Dispatcher',
        name: 'route',
        lineno: 120,
        complexity: 41,
        cognitive: 63,
        rank: 'F',
      },
      {
        path: 'pkg/util/module_4.py',
        class: '',
        name: 'parse_args',
        lineno: 10,
        complexity: 18,
        cognitive: 22,
        rank: 'C',
      },
    ],
  };
}
