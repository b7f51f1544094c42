/** The parents stored on a monitor row (JSON array of ids; null or malformed: none). */
export function parseDependsOn(text: string | null): number[] {
  if (!text) return [];
  try {
    const ids: unknown = JSON.parse(text);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}
