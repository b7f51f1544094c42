/** Facts the output folder name is made of. */
export interface OutputNameParts {
  repo: string;
  /** When the run started (UTC is used). */
  at: Date;
  /** The requested branch, tag or commit, else the default branch name. */
  ref: string;
  analysisId: number;
  commitSha: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `<repo>__<YYYYMMDD-HHMMSS>__ref-<ref>__a<id>__sha-<short sha>`, characters outside `[A-Za-z0-9._-]` as `-`. */
export function outputName(p: OutputNameParts): string {
  const d = p.at;
  const stamp = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}-${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '-');
  return `${safe(p.repo)}__${stamp}__ref-${safe(p.ref)}__a${p.analysisId}__sha-${p.commitSha.slice(0, 7)}`;
}
