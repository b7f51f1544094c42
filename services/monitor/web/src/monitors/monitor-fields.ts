import { checkTypeEntries, type FieldName } from '../../../src/shared-types/check-types.js';
import type { MonitorType } from '../api/types.js';

export type { FieldName } from '../../../src/shared-types/check-types.js';

// The per-type tables the form reads, taken from the one table of types (check-types.ts).
const byType = <T>(pick: (t: ReturnType<typeof checkTypeEntries>[number][1]) => T) =>
  Object.fromEntries(checkTypeEntries().map(([name, t]) => [name, pick(t)])) as Record<MonitorType, T>;

export const FIELDS_BY_TYPE: Record<MonitorType, FieldName[]> = byType((t) => t.fields);

/** The service check types (issue 15): their fields live in one fieldset of the form. */
export const SERVICE_TYPES = new Set<MonitorType>(
  checkTypeEntries()
    .filter(([, t]) => t.service)
    .map(([name]) => name),
);

/** What the target field means for each type. */
export const URL_HELP: Record<MonitorType, { label: string; placeholder: string }> = byType((t) => t.url);

/** Under a field holding a stored credential: what the mask means (the service keeps the value). */
export const KEEP_HINT =
  'Stored secrets show as ********: leave them to keep them, type a new value to replace one. ' +
  'Pointing the monitor at another host needs them typed again.';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'];
