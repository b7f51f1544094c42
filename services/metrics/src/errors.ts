import { commonProblems, defineErrors } from '@app/kit';

/** The metrics service's one error catalogue: `code` values are stable API. */
export const errors = defineErrors({
  ...commonProblems,
  analysis_not_done: { status: 409, title: 'Analysis not done' },
  unknown_level: { status: 404, title: 'Unknown level' },
  queue_full: { status: 429, title: 'Analysis queue full' },
  file_not_in_analysis: { status: 404, title: 'File not in analysis' },
  analysis_pending: { status: 409, title: 'Analysis pending with other exclusions' },
  analysis_finished: { status: 409, title: 'Analysis already finished' },
  analysis_not_finished: { status: 409, title: 'Analysis not finished' },
  admin_required: { status: 403, title: 'Admin token required' },
  code_health_missing: { status: 404, title: 'No code health for this analysis' },
  coverage_missing: { status: 404, title: 'No coverage uploaded for this analysis' },
  webhook_replayed: { status: 409, title: 'Webhook delivery replayed' },
});
