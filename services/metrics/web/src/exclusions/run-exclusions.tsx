import type { Analysis } from '../api/types.js';

type RepoConfig = { exclude?: string[]; include_tests?: boolean | null } | null | undefined;

/** What the run left out: the request's globs, the repository's [tool.pyscan] ones, and test files. */
export function exclusionsOf(a: Pick<Analysis, 'settings'>): {
  request: string[];
  repository: string[];
  tests: boolean;
} {
  const s = a.settings ?? {};
  const repo = s.repository_config as RepoConfig;
  return {
    request: (s.exclude as string[] | undefined) ?? [],
    repository: repo?.exclude ?? [],
    tests: repo?.include_tests != null ? !repo.include_tests : s.skip_test_files !== false,
  };
}

/** The dashboard's line saying which files the run did not measure, so a missing file is not a surprise. */
export function RunExclusions({ analysis }: { analysis: Analysis }) {
  const x = exclusionsOf(analysis);
  const code = (g: string[]) =>
    g.map((p, i) => (
      <span key={p}>
        {i > 0 && ', '}
        <code>{p}</code>
      </span>
    ));
  return (
    <p className="muted" data-exclusions>
      Left out: {x.tests ? 'test files' : 'no test files (tests included)'}
      {x.request.length > 0 && <>; the request's globs {code(x.request)}</>}
      {x.repository.length > 0 && <>; the repository's [tool.pyscan] exclude {code(x.repository)}</>}.
    </p>
  );
}
