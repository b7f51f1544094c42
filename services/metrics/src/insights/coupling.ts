/** The thresholds a pair must pass to be reported (code-maat's defaults; big commits left out). */
export const COUPLING_PARAMS = {
  min_revisions: 5,
  min_shared: 3,
  min_degree: 30,
  max_commit_files: 50,
} as const;
