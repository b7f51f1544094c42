/**
 * The address of a file's source view in one run, optionally scrolled to a line. Every file and function
 * link of the UI goes through here so the route has one spelling.
 */
export function sourceHref(analysisId: number, path: string, line?: number): string {
  const q = new URLSearchParams({ path });
  if (line !== undefined && Number.isInteger(line) && line > 0) q.set('line', String(line));
  return `/analyses/${analysisId}/source?${q.toString()}`;
}
