import type { PackageEdge, PackageNode } from './package-graph.js';

const SIZE = 520;
const R = SIZE / 2 - 70;

/** The nodes on a circle, edges as arrows between them; those in an import cycle in the cycle colour. */
export function GraphSvg({
  nodes,
  edges,
  onOpen,
}: {
  nodes: PackageNode[];
  edges: PackageEdge[];
  onOpen: (name: string) => void;
}) {
  const at = new Map(
    nodes.map((n, i) => {
      const a = (2 * Math.PI * i) / Math.max(1, nodes.length) - Math.PI / 2;
      return [n.name, { x: SIZE / 2 + R * Math.cos(a), y: SIZE / 2 + R * Math.sin(a) }];
    }),
  );
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      className="import-graph"
      role="img"
      aria-label={`${nodes.length} packages and modules, ${edges.length} import edges`}
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="10"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" className="arrow-head" />
        </marker>
        <marker
          id="arrow-cycle"
          viewBox="0 0 10 10"
          refX="10"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" className="arrow-head cycle" />
        </marker>
      </defs>
      {edges.map((e) => {
        const a = at.get(e.from);
        const b = at.get(e.to);
        if (!a || !b) return null;
        // Stop short of the target's circle so the arrow head shows.
        const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
        const k = (len - 14) / len;
        return (
          <line
            key={`${e.from}>${e.to}`}
            data-edge={`${e.from}>${e.to}`}
            className={e.inCycle ? 'edge cycle' : 'edge'}
            x1={a.x}
            y1={a.y}
            x2={a.x + (b.x - a.x) * k}
            y2={a.y + (b.y - a.y) * k}
            markerEnd={e.inCycle ? 'url(#arrow-cycle)' : 'url(#arrow)'}
          >
            <title>{`${e.from} → ${e.to}: ${e.imports} import${e.imports === 1 ? '' : 's'}`}</title>
          </line>
        );
      })}
      {nodes.map((n) => {
        const p = at.get(n.name) as { x: number; y: number };
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: the table below offers the same links by keyboard.
          <g
            key={n.name}
            data-node={n.name}
            className={`node${n.inCycle ? ' cycle' : ''}${n.package ? ' package' : ''}`}
            onClick={n.package ? () => onOpen(n.name) : undefined}
          >
            <circle cx={p.x} cy={p.y} r={12} />
            <text x={p.x} y={p.y + 26} textAnchor="middle">
              {n.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
