import type { FieldProblem } from '@app/kit';
import {
  CHECK_TYPES,
  type CheckType,
  type MonitorType,
  SERVICE_FIELDS,
  type ServiceField,
} from '../checks/index.js';
import type { MonitorConfig } from './monitor-input.js';

const TYPES = Object.entries(CHECK_TYPES) as [MonitorType, CheckType][];

/** The service check types (issue 15 and every type since): those whose entry says `service`. */
const SERVICE_TYPES: readonly MonitorType[] = TYPES.filter(([, t]) => t.service).map(([name]) => name);

/** The types that read a service field, as each declares (see CheckTarget in checks/types.ts). */
const readersOf = (field: ServiceField | 'headers') =>
  TYPES.filter(([, t]) => (field === 'headers' ? t.service?.headers : t.service?.reads.includes(field))).map(
    ([name]) => name,
  );

/** The service-check fields and the only types that read them. */
const SERVICE_FIELD_READERS: Partial<Record<keyof MonitorConfig, readonly MonitorType[]>> =
  Object.fromEntries(SERVICE_FIELDS.map((field) => [field, readersOf(field)]));

/**
 * Request and answer fields of the older types that no service check reads. Only the nullable ones
 * are judged: fields with a default (expected_status_codes, max_redirects…) are always present
 * in an export and mean nothing when unused, whereas a keyword someone typed would be ignored silently.
 */
const WEB_FIELDS = {
  headers: readersOf('headers'),
  body: [],
  keyword: [],
  json_path: [],
  json_expected: [],
  dns_expected: [],
  dns_resolver: [],
} satisfies Partial<Record<keyof MonitorConfig, readonly MonitorType[]>>;

// A field is "set" when it holds something other than its default.
const isSet = (value: unknown) => value !== null && value !== undefined && value !== false;

/**
 * Fields set on a monitor whose type does not read them: a 422 naming each, rather than a setting
 * that silently does nothing (a `topic` on a postgres monitor is a mistake, not a preference).
 */
export function inapplicableFields(c: MonitorConfig): FieldProblem[] {
  const out: FieldProblem[] = [];
  const judge = (table: Partial<Record<keyof MonitorConfig, readonly MonitorType[]>>) => {
    for (const [field, types] of Object.entries(table) as [keyof MonitorConfig, readonly MonitorType[]][]) {
      if (isSet(c[field]) && !types.includes(c.monitor_type)) {
        out.push({ path: field, message: `does not apply to ${c.monitor_type} monitors` });
      }
    }
  };
  judge(SERVICE_FIELD_READERS);
  if (SERVICE_TYPES.includes(c.monitor_type)) {
    judge(WEB_FIELDS);
    if (c.auth?.type === 'bearer' && !CHECK_TYPES[c.monitor_type].service?.bearer) {
      out.push({
        path: 'auth.type',
        message: `must be basic for ${c.monitor_type} monitors (user name and password)`,
      });
    }
  }
  return out;
}

export function isServiceType(type: MonitorType): boolean {
  return SERVICE_TYPES.includes(type);
}
