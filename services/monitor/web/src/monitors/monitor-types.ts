import { checkTypeEntries } from '../../../src/shared-types/check-types.js';
import type { MonitorType } from '../api/types.js';

/** The type picker's options, from the table of types (check-types.ts). */
export const MONITOR_TYPES: { value: MonitorType; label: string }[] = checkTypeEntries().map(
  ([value, t]) => ({
    value,
    label: t.label,
  }),
);

/** The human name of a monitor type. */
export function typeLabel(t: string): string {
  return MONITOR_TYPES.find((x) => x.value === t)?.label ?? t;
}
