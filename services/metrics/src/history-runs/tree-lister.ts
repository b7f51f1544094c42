import { GitTreeError, type TreeEntry } from '../pipeline/cache/git-tree.js';
import type { BlobReader } from './blob-reader.js';

/** A tree's blobs with paths relative to it, and the trees directly inside it. */
interface Listing {
  entries: TreeEntry[];
  subtrees: string[];
}

/** One entry of a tree object: `<octal mode> <name>\0<raw id>`. */
interface RawEntry {
  mode: number;
  name: string;
  oid: string;
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const S_IFGITLINK = 0o160000;

/**
 * What `git ls-tree -r -l` lists (see `listTree`), read through the run's long-lived `git cat-file`
 * processes instead of one `git ls-tree` per commit: a tree is read once and its listing reused by the
 * next commit while its id is unchanged (most folders between two picked commits), and a blob's size
 * is asked once. Memory holds the trees and sizes of the last commit listed only.
 */
export class TreeLister {
  private trees = new Map<string, Listing>();
  private sizes = new Map<string, number>();

  /**
   * `objects` reads contents (`--batch`), `info` sizes (`--batch-check`) of the blobs `sized` names (a
   * size rule applies to Python files only; in a partial clone asking another blob's size would fetch
   * it); other blobs, or all without `info`, are listed with size 0.
   */
  constructor(
    private readonly objects: BlobReader,
    private readonly info: BlobReader | null,
    private readonly sized: (name: string) => boolean = () => true,
  ) {}

  /** Every blob of `rev`'s tree by path (submodules left out), as `listTree` gives it. */
  async list(rev: string): Promise<Map<string, TreeEntry>> {
    const root = await this.objects.object(`${rev}^{tree}`);
    if (root.type !== 'tree') throw new GitTreeError(`${rev} does not name a tree`);
    const trees = new Map<string, Listing>();
    const sizes = new Map<string, number>();
    const listing = await this.listing(root.oid, root.body, root.oid.length / 2, trees, sizes);
    this.trees = trees;
    this.sizes = sizes;
    const out = new Map<string, TreeEntry>();
    for (const e of listing.entries) out.set(e.path, e);
    return out;
  }

  private async listing(
    oid: string,
    body: Buffer | null,
    idBytes: number,
    trees: Map<string, Listing>,
    sizes: Map<string, number>,
  ): Promise<Listing> {
    const known = trees.get(oid) ?? this.trees.get(oid);
    if (known) {
      this.keep(oid, known, trees, sizes);
      return known;
    }
    const bytes = body ?? (await this.objects.object(oid)).body;
    const parts = await Promise.all(
      parseTree(bytes, idBytes).map(async (e): Promise<{ entries: TreeEntry[]; tree?: string }> => {
        const kind = e.mode & S_IFMT;
        if (kind === S_IFDIR) {
          const sub = await this.listing(e.oid, null, idBytes, trees, sizes);
          return { entries: sub.entries.map((s) => ({ ...s, path: `${e.name}/${s.path}` })), tree: e.oid };
        }
        if (kind === S_IFGITLINK) return { entries: [] };
        const size =
          sizes.get(e.oid) ??
          this.sizes.get(e.oid) ??
          (this.info && this.sized(e.name) ? (await this.info.object(e.oid)).size : 0);
        sizes.set(e.oid, size);
        return { entries: [{ path: e.name, oid: e.oid, mode: canonicalMode(e.mode), size }] };
      }),
    );
    const listing: Listing = { entries: parts.flatMap((p) => p.entries), subtrees: [] };
    for (const p of parts) if (p.tree) listing.subtrees.push(p.tree);
    trees.set(oid, listing);
    return listing;
  }

  /** Carries a reused tree, the trees inside it and its blobs' sizes over to the current commit. */
  private keep(oid: string, l: Listing, trees: Map<string, Listing>, sizes: Map<string, number>): void {
    if (trees.has(oid)) return;
    trees.set(oid, l);
    for (const sub of l.subtrees) {
      const s = this.trees.get(sub);
      if (s) this.keep(sub, s, trees, sizes);
    }
    for (const e of l.entries) sizes.set(e.oid, e.size);
  }
}

/** The entries of a tree object's bytes (ids of `idBytes` bytes: 20 for SHA-1, 32 for SHA-256). */
export function parseTree(bytes: Buffer, idBytes: number): RawEntry[] {
  const out: RawEntry[] = [];
  let i = 0;
  while (i < bytes.length) {
    const sp = bytes.indexOf(32, i);
    const nul = bytes.indexOf(0, sp + 1);
    if (sp < 0 || nul < 0 || nul + 1 + idBytes > bytes.length)
      throw new GitTreeError('malformed tree object');
    out.push({
      mode: Number.parseInt(bytes.toString('latin1', i, sp), 8),
      name: bytes.toString('utf8', sp + 1, nul),
      oid: bytes.toString('hex', nul + 1, nul + 1 + idBytes),
    });
    i = nul + 1 + idBytes;
  }
  return out;
}

/** The mode as git prints it (it reads trees the same way): 120000 for links, 100755 or 100644 for files. */
function canonicalMode(mode: number): string {
  if ((mode & S_IFMT) === S_IFLNK) return '120000';
  return mode & 0o100 ? '100755' : '100644';
}
