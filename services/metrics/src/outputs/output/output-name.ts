/** What names a run's output folder. */
export interface OutputNameParts {
  repo: string;
  /** When the run started; rendered in UTC. */
  startedAt: Date;
  /** Requested branch, tag or commit, else the default branch name. */
  ref: string;
  analysisId: number;
  commitSha: string;
}

/** Longest `<ref>` part kept, so the folder name stays well under the 255-byte file-name limit. */
export const MAX_REF_PART = 100;
export const SHORT_SHA_LENGTH = 7;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Keeps `[A-Za-z0-9._-]`, turning every other character into `-`. */
export function sanitizeNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** `YYYYMMDD-HHMMSS` in UTC. */
export function utcStamp(d: Date): string {
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** The contract's folder name: `<repo>__<YYYYMMDD-HHMMSS>__ref-<ref>__a<id>__sha-<short sha>`. */
export function outputName(p: OutputNameParts): string {
  if (!Number.isSafeInteger(p.analysisId) || p.analysisId < 0)
    throw new Error('analysisId must be a whole number');
  if (!/^[0-9a-f]{7,64}$/i.test(p.commitSha)) throw new Error('commitSha must be a hex object id');
  const repo = sanitizeNamePart(p.repo).slice(0, MAX_REF_PART) || 'repo';
  const ref = sanitizeNamePart(p.ref).slice(0, MAX_REF_PART) || 'HEAD';
  const sha = p.commitSha.slice(0, SHORT_SHA_LENGTH).toLowerCase();
  return `${repo}__${utcStamp(p.startedAt)}__ref-${ref}__a${p.analysisId}__sha-${sha}`;
}
