import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloneError } from './clone-error.js';
import { isNotFound, mb, redactPaths, repoName } from './clone-messages.js';
import { dirSizeBytes } from './dir-size.js';
import { configArgs } from './git-config-args.js';
import { type GitResult, gitErrorLine, runGit } from './run-git.js';
import { parseTreeEntry, type TreeBlob } from './tree-blob.js';

export { CloneError, type CloneErrorCode } from './clone-error.js';

/** What to clone and how. `url` must come from `cloneUrlFor` (validated input only). */
export interface CloneOptions {
  url: string;
  /** Branch, tag or commit sha (4–40 hex digits); null or absent = the default branch. */
  ref?: string | null;
  /** `--depth 1` (default) or the full history. */
  shallow?: boolean;
  /** Whole operation, all git processes included. Default 10 minutes. */
  timeoutMs?: number;
  /** Cap on the clone folder (`.git` included) in MB (10^6 bytes); 0 = no cap. Default 500. */
  maxSizeMb?: number;
  /** Parent of the scratch folder; default the OS temp dir. */
  scratchRoot?: string;
  signal?: AbortSignal;
}

/** A finished clone, checked out at `commitSha`. */
export interface CloneResult {
  /** Scratch folder holding the work tree; remove it with {@link removeScratch}. */
  dir: string;
  commitSha: string;
  /** The commit's tree id (the pylint cache's key), read with the commit: no git call of its own. */
  treeSha: string;
  /** The commit's committer date (epoch ms): trends order points by it, never by analysis time. */
  commitDate: number;
  /** The requested ref, else the name of the default branch. */
  refUsed: string;
  refKind: 'branch' | 'tag' | 'commit' | 'default';
  isShallow: boolean;
  /** The commit's blobs by path when the size cap listed them (else absent: `listTree` reads them). */
  tree?: Map<string, TreeBlob>;
}

const SHA_RE = /^[0-9a-f]{4,40}$/i;
const SIZE_POLL_MS = 1000;

/** Removes a scratch clone folder (no error if it is already gone). */
export async function removeScratch(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Clones `url` into a fresh scratch folder: shallow or full, at a branch, tag or commit, with a timeout
 * that kills the whole git process group, no hooks, submodules or prompts, and a size cap checked while
 * cloning and after. Throws {@link CloneError}; the scratch folder is removed on failure.
 */
export async function cloneRepo(opts: CloneOptions): Promise<CloneResult> {
  const dir = await mkdtemp(join(opts.scratchRoot ?? tmpdir(), 'metrics-clone-'));
  const ctx = new CloneContext(opts, dir);
  try {
    const result = await ctx.run();
    await ctx.checkSize();
    return result;
  } catch (e) {
    await removeScratch(dir);
    throw e;
  } finally {
    ctx.stopWatching();
  }
}

class CloneContext {
  private readonly deadline: number;
  private readonly maxBytes: number;
  private readonly shallow: boolean;
  private readonly cfg: string[];
  private watcher: NodeJS.Timeout | undefined;
  private tooLarge = false;
  private measured = 0;
  private watching = false;
  private readonly killer = new AbortController();
  // `git show -s --format='%H %ct %T'` of the commit checked out, and its blobs when the cap listed them.
  private head: string | null = null;
  private tree: Map<string, TreeBlob> | undefined;

  constructor(
    private readonly opts: CloneOptions,
    private readonly dir: string,
  ) {
    this.deadline = Date.now() + (opts.timeoutMs ?? 600_000);
    this.maxBytes = (opts.maxSizeMb ?? 500) * 1_000_000;
    this.shallow = opts.shallow ?? true;
    this.cfg = configArgs(opts.url);
    if (opts.signal?.aborted) this.killer.abort();
    else opts.signal?.addEventListener('abort', () => this.killer.abort(), { once: true });
  }

  async run(): Promise<CloneResult> {
    const ref = this.opts.ref ?? null;
    this.watchSize();
    if (ref === null) {
      await this.clone([]);
      await this.checkout('HEAD');
      const refUsed = await this.branchName();
      return this.result(refUsed || 'HEAD', 'default', this.shallow);
    }
    const kind = await this.refKind(ref);
    if (kind === 'branch') {
      await this.clone(['--no-tags', '--branch', ref]);
      await this.checkout('HEAD');
      return this.result(ref, 'branch', this.shallow);
    }
    if (kind === 'tag') {
      await this.clone(['--branch', ref]);
      await this.checkout('HEAD');
      return this.result(ref, 'tag', this.shallow);
    }
    if (!SHA_RE.test(ref)) throw new CloneError('ref_not_found', `no branch or tag named "${ref}"`);
    return this.checkoutCommit(ref);
  }

  // A full 40-digit sha is fetched alone at depth 1; an abbreviated one cannot be fetched by name,
  // so it (and a sha the server refuses to serve directly) falls back to a full clone.
  private async checkoutCommit(sha: string): Promise<CloneResult> {
    if (this.shallow && sha.length === 40) {
      await this.git(['init', '-q'], true);
      const fetched = await this.git(['fetch', '-q', '--depth', '1', '--no-tags', this.opts.url, sha]);
      if (fetched.code === 0) {
        await this.checkout('FETCH_HEAD');
        return this.result(sha, 'commit', true);
      }
      this.throwIfStopped(fetched);
      await removeScratch(join(this.dir, '.git'));
    }
    await this.clone(['--no-tags'], false, false);
    const resolved = await this.git(['rev-parse', '--verify', '-q', `${sha}^{commit}`]);
    if (resolved.code !== 0) throw new CloneError('ref_not_found', `no commit ${sha} in the repository`);
    await this.checkout(resolved.stdout.trim());
    return this.result(sha, 'commit', false);
  }

  private async refKind(ref: string): Promise<'branch' | 'tag' | 'unknown'> {
    const res = await this.git(['ls-remote', this.opts.url, `refs/heads/${ref}`, `refs/tags/${ref}`]);
    this.throwIfStopped(res);
    if (res.code !== 0) throw this.remoteError(res.stderr, "could not list the repository's refs");
    const names = new Set(res.stdout.split('\n').map((l) => l.split('\t')[1] ?? ''));
    if (names.has(`refs/heads/${ref}`)) return 'branch';
    if (names.has(`refs/tags/${ref}`)) return 'tag';
    return 'unknown';
  }

  // Always `--no-checkout`: the work tree is written by `checkout` once its size is known to fit.
  private async clone(extra: string[], shallow = this.shallow, singleBranch = true): Promise<void> {
    const args = ['clone', '-q', '--no-recurse-submodules', '--no-checkout'];
    if (shallow) args.push('--depth', '1');
    if (shallow || singleBranch) args.push('--single-branch');
    args.push(...extra, '--', this.opts.url, this.dir);
    const res = await this.git(args);
    this.throwIfStopped(res);
    if (res.code !== 0) {
      const line = gitErrorLine(res.stderr);
      if (/Remote branch .* not found/i.test(line)) throw new CloneError('ref_not_found', this.safe(line));
      throw this.remoteError(res.stderr, 'git clone failed');
    }
  }

  /**
   * Writes the work tree of `target` (HEAD keeps a branch checked out; anything else is detached), but
   * only once the object store plus the blobs the tree would write fit the cap: a few MB of highly
   * compressible blobs can expand to gigabytes, and the cap is about the disk, not the download.
   */
  private async checkout(target: string): Promise<void> {
    // The commit, its date and tree in one call: `result` reads them from here once checked out.
    const commit = await this.git(['show', '-s', '--format=%H %ct %T', `${target}^{commit}`]);
    this.throwIfStopped(commit);
    if (commit.code !== 0)
      throw new CloneError('clone_failed', 'the repository is empty (it has no commits)');
    this.head = commit.stdout.trim();
    if (this.maxBytes > 0) {
      const objects = await dirSizeBytes(this.dir);
      if (this.tooLarge) throw this.downloadTooLarge(this.measured);
      if (objects > this.maxBytes)
        throw new CloneError(
          'repo_too_large',
          `the repository's objects take ${mb(objects)} MB on disk, over the cap of ${this.capMb()} MB`,
        );
      const tree = await this.treeBytes(target);
      if (objects + tree > this.maxBytes) {
        throw new CloneError(
          'repo_too_large',
          `the repository needs ${mb(objects + tree)} MB on disk (objects ${mb(objects)} MB, work tree ${mb(tree)} MB), over the cap of ${this.capMb()} MB`,
        );
      }
    }
    // Files written by one worker per core (git's parallel checkout): the work tree's writing is most
    // of a small repository's clone time.
    const parallel = ['-c', 'checkout.workers=0'];
    if (target === 'HEAD') await this.git([...parallel, 'reset', '-q', '--hard', 'HEAD'], true);
    else await this.git([...parallel, 'checkout', '-q', '--detach', target], true);
  }

  // Sum of the blob sizes `git ls-tree -r -l` lists; submodule entries (commits) have no size.
  private async treeBytes(target: string): Promise<number> {
    let total = 0;
    let rest = '';
    const tree = new Map<string, TreeBlob>();
    const add = (entry: string): void => {
      const size = Number(entry.slice(0, entry.indexOf('\t')).trim().split(/\s+/)[3]);
      if (Number.isFinite(size)) total += size;
      const blob = parseTreeEntry(entry);
      if (blob) tree.set(blob.path, blob);
    };
    const res = await this.gitStreaming(['ls-tree', '-r', '-l', '-z', target], (chunk) => {
      const entries = (rest + chunk.toString('utf8')).split('\0');
      rest = entries.pop() ?? '';
      for (const e of entries) add(e);
    });
    if (rest) add(rest);
    this.throwIfStopped(res);
    if (res.code !== 0)
      throw new CloneError('clone_failed', `git ls-tree failed: ${this.safe(gitErrorLine(res.stderr))}`);
    // The measure stage keys its cache look-ups by these blob ids: no second listing.
    this.tree = tree;
    return total;
  }

  // The default branch a fresh clone checked out, as `git symbolic-ref --short HEAD` names it, read
  // from .git/HEAD (no git process); empty when detached, and git asked when the file is unusual.
  private async branchName(): Promise<string> {
    const head = await readFile(join(this.dir, '.git', 'HEAD'), 'utf8').catch(() => '');
    const m = /^ref: refs\/heads\/(.+)\n?$/.exec(head);
    if (m) return m[1]!;
    if (/^[0-9a-f]{40,64}\n?$/.test(head)) return '';
    return (await this.git(['symbolic-ref', '--short', '-q', 'HEAD'])).stdout.trim();
  }

  private async result(
    refUsed: string,
    refKind: CloneResult['refKind'],
    isShallow: boolean,
  ): Promise<CloneResult> {
    const head =
      this.head ?? (await this.git(['show', '-s', '--format=%H %ct %T', 'HEAD'], true)).stdout.trim();
    const [commitSha = '', seconds = '0', treeSha = ''] = head.split(' ');
    return {
      dir: this.dir,
      commitSha,
      treeSha,
      commitDate: Number(seconds) * 1000,
      refUsed,
      refKind,
      isShallow,
      ...(this.tree ? { tree: this.tree } : {}),
    };
  }

  /** Runs git in the scratch folder within what remains of the deadline; `mustPass` turns failure into clone_failed. */
  private async git(args: string[], mustPass = false): Promise<GitResult> {
    const res = await this.gitStreaming(args);
    if (mustPass) {
      this.throwIfStopped(res);
      if (res.code !== 0)
        throw new CloneError(
          'clone_failed',
          `git ${args.find((a, k) => !a.startsWith('-') && args[k - 1] !== '-c')} failed: ${this.safe(gitErrorLine(res.stderr))}`,
        );
    }
    return res;
  }

  private async gitStreaming(args: string[], onStdout?: (chunk: Buffer) => void): Promise<GitResult> {
    const remaining = this.deadline - Date.now();
    if (remaining <= 0) throw new CloneError('clone_timeout', 'the clone took longer than the time allowed');
    return runGit([...this.cfg, ...args], {
      cwd: this.dir,
      timeoutMs: remaining,
      signal: this.killer.signal,
      onStdout,
    });
  }

  /**
   * A failure talking to the remote. GitHub answers a missing repository and a private one alike (401,
   * which git without credentials reports as an authentication failure), so both read "not found, or
   * private"; anything else keeps git's words, without server paths.
   */
  private remoteError(stderr: string, what: string): CloneError {
    if (isNotFound(stderr)) {
      return new CloneError(
        'repo_not_found',
        `repository ${repoName(this.opts.url)} was not found on GitHub, or it is private`,
      );
    }
    return new CloneError('clone_failed', `${what}: ${this.safe(gitErrorLine(stderr))}`);
  }

  private safe(line: string): string {
    return redactPaths(line, this.dir, this.opts.url);
  }

  private throwIfStopped(res: GitResult): void {
    if (this.tooLarge) throw this.downloadTooLarge(this.measured);
    if (res.timedOut) throw new CloneError('clone_timeout', 'the clone took longer than the time allowed');
    if (res.aborted) throw new CloneError('interrupted', 'the clone was cancelled');
  }

  private capMb(): number {
    return this.opts.maxSizeMb ?? 500;
  }

  private downloadTooLarge(measured: number): CloneError {
    return new CloneError(
      'repo_too_large',
      `the repository's download passed the cap of ${this.capMb()} MB (${mb(measured)} MB written before it was stopped)`,
    );
  }

  // Polls the folder while git writes so a huge repository is stopped early, not after the download.
  private watchSize(): void {
    if (this.maxBytes <= 0) return;
    this.watching = true;
    const tick = async (): Promise<void> => {
      const size = await dirSizeBytes(this.dir);
      if (!this.watching) return;
      if (size > this.maxBytes) {
        this.tooLarge = true;
        this.measured = size;
        this.killer.abort();
        return;
      }
      this.watcher = setTimeout(tick, SIZE_POLL_MS);
    };
    this.watcher = setTimeout(tick, SIZE_POLL_MS);
  }

  stopWatching(): void {
    this.watching = false;
    clearTimeout(this.watcher);
    this.watcher = undefined;
  }

  // A backstop: the checkout was sized beforehand, so this only catches what git wrote beyond its blobs.
  async checkSize(): Promise<void> {
    this.stopWatching();
    if (this.maxBytes <= 0) return;
    const size = await dirSizeBytes(this.dir);
    if (size > this.maxBytes)
      throw new CloneError(
        'repo_too_large',
        `the repository takes ${mb(size)} MB on disk, over the cap of ${this.capMb()} MB`,
      );
  }
}
