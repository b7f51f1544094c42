// Squarified treemap of folders and files, area by lines. Shared by the web UI's heatmap and the PDF.
import { hierarchy, treemap, treemapSquarify } from 'd3-hierarchy';

/** What the layout needs of a file. */
export interface TreemapInput {
  path: string;
  loc: number | null;
}

/** One laid-out rectangle: a folder (depth ≥ 1, has children) or a file (leaf). */
export interface TreemapCell {
  path: string;
  name: string;
  leaf: boolean;
  depth: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Node {
  name: string;
  path: string;
  loc: number;
  children?: Node[];
}

function buildTree(files: TreemapInput[]): Node {
  const root: Node = { name: '', path: '', loc: 0, children: [] };
  for (const f of files) {
    const parts = f.path.split('/');
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const dirPath = parts.slice(0, i + 1).join('/');
      node.children ??= [];
      let next = node.children.find((c) => c.children && c.path === dirPath);
      if (!next) {
        next = { name: parts[i] ?? '', path: dirPath, loc: 0, children: [] };
        node.children.push(next);
      }
      node = next;
    }
    node.children ??= [];
    // Empty files still get a sliver so they are not invisible.
    node.children.push({ name: parts.at(-1) ?? f.path, path: f.path, loc: Math.max(1, f.loc ?? 0) });
  }
  return root;
}

/** Lays out files in a `width` × `height` box; folders get a header strip of `header` px when they fit. */
export function treemapLayout(
  files: TreemapInput[],
  width: number,
  height: number,
  header = 14,
): TreemapCell[] {
  if (files.length === 0) return [];
  const root = hierarchy(buildTree(files))
    .sum((d) => (d.children ? 0 : d.loc))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  treemap<Node>()
    .tile(treemapSquarify)
    .size([width, height])
    .paddingInner(1)
    .paddingOuter(2)
    .paddingTop((n) => (n.depth > 0 && n.y1 - n.y0 > header * 3 ? header : 2))
    .round(false)(root);
  const out: TreemapCell[] = [];
  for (const n of root.descendants()) {
    if (n.depth === 0) continue;
    const r = n as typeof n & { x0: number; y0: number; x1: number; y1: number };
    out.push({
      path: n.data.path,
      name: n.data.name,
      leaf: !n.children,
      depth: n.depth,
      x0: r.x0,
      y0: r.y0,
      x1: r.x1,
      y1: r.y1,
    });
  }
  return out;
}
