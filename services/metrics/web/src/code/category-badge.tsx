/** A pylint category as a small coloured label (colour from the stylesheet, never inline). */
export function CategoryBadge({ category }: { category: string }) {
  return <span className={`cat cat-${category}`}>{category}</span>;
}
