import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** An author of fixture commits. */
export interface Author {
  name: string;
  email: string;
}

/** Options of one fixture commit: who and when (ISO 8601, used as author and committer date). */
export interface CommitOptions {
  author: Author;
  date: string;
}

// The tests' git must not read the developer's or the machine's config (signing, hooks, templates).
const CLEAN_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  LANG: 'C',
  TZ: 'UTC',
};

/** Runs git in `cwd` with a clean config and returns its trimmed stdout. */
export function gitSync(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync('git', args, {
    cwd,
    env: { ...CLEAN_ENV, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  }).trim();
}

/** Builds a real git repository step by step: write files, commit as dated authors, branch, tag. */
export class RepoBuilder {
  /** Creates an empty repository at `dir` whose first branch is `defaultBranch`. */
  constructor(
    readonly dir: string,
    readonly defaultBranch = 'main',
  ) {
    mkdirSync(dir, { recursive: true });
    gitSync(dir, ['init', '-q', '-b', defaultBranch]);
    gitSync(dir, ['config', 'commit.gpgsign', 'false']);
    gitSync(dir, ['config', 'core.autocrlf', 'false']);
    // As GitHub: clones may leave contents out (history runs clone with --filter=blob:none).
    gitSync(dir, ['config', 'uploadpack.allowFilter', 'true']);
  }

  /** Writes a file (creating folders) relative to the work tree. */
  write(path: string, content: string | Buffer): this {
    const full = join(this.dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    return this;
  }

  /** Deletes a file from the work tree. */
  remove(path: string): this {
    rmSync(join(this.dir, path), { force: true, recursive: true });
    return this;
  }

  /** Moves a file in the work tree (git detects the rename from the content). */
  move(from: string, to: string): this {
    mkdirSync(dirname(join(this.dir, to)), { recursive: true });
    renameSync(join(this.dir, from), join(this.dir, to));
    return this;
  }

  /** Creates a symbolic link at `path` pointing to `target` (kept as given, absolute or relative). */
  symlink(target: string, path: string): this {
    const full = join(this.dir, path);
    mkdirSync(dirname(full), { recursive: true });
    symlinkSync(target, full);
    return this;
  }

  /** Stages everything and commits it with fixed author and committer identity and date; returns the sha. */
  commit(message: string, opts: CommitOptions): string {
    gitSync(this.dir, ['add', '-A']);
    const env = {
      GIT_AUTHOR_NAME: opts.author.name,
      GIT_AUTHOR_EMAIL: opts.author.email,
      GIT_AUTHOR_DATE: opts.date,
      GIT_COMMITTER_NAME: opts.author.name,
      GIT_COMMITTER_EMAIL: opts.author.email,
      GIT_COMMITTER_DATE: opts.date,
    };
    gitSync(this.dir, ['commit', '-q', '--allow-empty', '--no-verify', '-m', message], env);
    return this.head();
  }

  /** The sha of HEAD. */
  head(): string {
    return gitSync(this.dir, ['rev-parse', 'HEAD']);
  }

  /** Creates a branch at HEAD and switches to it. */
  branch(name: string): this {
    gitSync(this.dir, ['checkout', '-q', '-b', name]);
    return this;
  }

  /** Switches to an existing branch. */
  checkout(name: string): this {
    gitSync(this.dir, ['checkout', '-q', name]);
    return this;
  }

  /** Creates a lightweight tag at HEAD. */
  tag(name: string): this {
    gitSync(this.dir, ['tag', name]);
    return this;
  }
}
