// Validation at the edge: only a URL of this exact shape and ref names of this exact shape may ever be
// turned into git arguments, so nothing a client sends can become a git option, a local path or
// another host.

/** A field-level validation message, e.g. `{ field: 'branch', message: 'must not start with "-"' }`. */
export interface FieldError {
  field: string;
  message: string;
}

/** The owner and repository named by a validated `repo_url`. */
export interface RepoCoordinates {
  owner: string;
  repo: string;
  /** `https://github.com/<owner>/<repo>`, without `.git` or trailing slash. */
  canonicalUrl: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Longest branch, tag or commit name accepted; git has no limit, file systems do. */
export const MAX_REF_LENGTH = 200;

// GitHub: 1–39 alphanumerics or single hyphens, not at either end.
const OWNER_RE = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const REPO_RE = /^[A-Za-z0-9._-]{1,100}$/;
const URL_RE = /^https:\/\/github\.com\/([^/]+)\/([^/]+?)(\.git|\/)?$/i;

/** Parses `https://github.com/<owner>/<repo>` (optional `.git` or trailing `/`) under GitHub's name rules. */
export function validateRepoUrl(input: unknown, field = 'repo_url'): Validation<RepoCoordinates> {
  const fail = (message: string): Validation<RepoCoordinates> => ({
    ok: false,
    errors: [{ field, message }],
  });
  if (input === undefined || input === null || input === '') return fail('is required');
  if (typeof input !== 'string') return fail('must be a string');
  if (input.length > 200) return fail('is too long');
  // The scheme and path are matched case-sensitively; only the host name is case-insensitive.
  if (!input.startsWith('https://')) return fail('must start with https://github.com/');
  const m = URL_RE.exec(input);
  if (!m) return fail('must look like https://github.com/<owner>/<repo>');
  const owner = m[1] ?? '';
  const repo = m[2] ?? '';
  if (!OWNER_RE.test(owner)) {
    return fail('owner must be 1-39 letters, digits or single hyphens, not starting or ending with a hyphen');
  }
  // A name still ending in `.git` here came as `r.git/` or `/.git`: one suffix or one slash, not both.
  if (repo.toLowerCase().endsWith('.git')) return fail('must end in the repository name, ".git" or "/"');
  if (!REPO_RE.test(repo) || repo === '.' || repo === '..') {
    return fail('repository name must be 1-100 characters of letters, digits, ".", "_" or "-"');
  }
  return { ok: true, value: { owner, repo, canonicalUrl: `https://github.com/${owner}/${repo}` } };
}

/**
 * Checks a branch, tag or commit name against git's ref-name rules (check-ref-format) plus
 * extra caution: no leading `-` (it would read as an option), a length cap. Returns the errors found.
 */
export function refNameErrors(input: unknown, field: string): FieldError[] {
  const err = (message: string): FieldError[] => [{ field, message }];
  if (typeof input !== 'string') return err('must be a string');
  if (input.length === 0) return err('must not be empty');
  if (input.length > MAX_REF_LENGTH) return err(`must be at most ${MAX_REF_LENGTH} characters`);
  if (input.startsWith('-')) return err('must not start with "-"');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u0020\u007f]/.test(input)) return err('must not contain spaces or control characters');
  // C1 controls (U+0080-U+009F) are not ASCII but terminals still obey some of them (CSI, NEL).
  if (/\p{Cc}/u.test(input)) return err('must not contain control characters');
  if (/\s/u.test(input)) return err('must not contain white space');
  if (/[~^:?*[\\]/.test(input)) return err('must not contain any of ~ ^ : ? * [ \\');
  if (input.includes('..')) return err('must not contain ".."');
  if (input.includes('@{')) return err('must not contain "@{"');
  if (input === '@') return err('must not be "@"');
  if (input.startsWith('/') || input.endsWith('/') || input.includes('//')) {
    return err('must not start or end with "/" or contain "//"');
  }
  if (input.endsWith('.')) return err('must not end with "."');
  for (const part of input.split('/')) {
    if (part.startsWith('.')) return err('no path component may start with "."');
    if (part.endsWith('.lock')) return err('no path component may end with ".lock"');
  }
  return [];
}

/** The validated request of an analysis. */
export interface AnalysisInput extends RepoCoordinates {
  branch: string | null;
  ref: string | null;
}

/** Validates `{repo_url, branch?, ref?}` at once, returning every field's error. */
export function validateAnalysisInput(body: {
  repo_url?: unknown;
  branch?: unknown;
  ref?: unknown;
}): Validation<AnalysisInput> {
  const errors: FieldError[] = [];
  const url = validateRepoUrl(body.repo_url);
  if (!url.ok) errors.push(...url.errors);
  const optional = (value: unknown, field: string): string | null => {
    if (value === undefined || value === null) return null;
    const e = refNameErrors(value, field);
    errors.push(...e);
    return e.length === 0 ? (value as string) : null;
  };
  const branch = optional(body.branch, 'branch');
  const ref = optional(body.ref, 'ref');
  if (!url.ok || errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { ...url.value, branch, ref } };
}

/**
 * Maps a validated owner/repo onto the configured `GITHUB_BASE_URL`: `<base>/<owner>/<repo>`, no `.git`
 * suffix (GitHub and its mirrors accept both; git's local and `file://` transports try `<path>` and then
 * `<path>.git`, so a test folder may hold work trees or bare `<repo>.git` folders alike).
 */
export function cloneUrlFor(owner: string, repo: string, githubBaseUrl = 'https://github.com'): string {
  if (!OWNER_RE.test(owner) || !REPO_RE.test(repo) || repo === '.' || repo === '..') {
    throw new Error('cloneUrlFor needs a validated owner and repository');
  }
  const base = githubBaseUrl.replace(/\/+$/, '');
  if (!/^(https?|file):\/\//.test(base))
    throw new Error('GITHUB_BASE_URL must be an http(s):// or file:// URL');
  return `${base}/${owner}/${repo}`;
}
