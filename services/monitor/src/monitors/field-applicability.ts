import type { FieldProblem } from '@app/kit';
import type { MonitorType } from '../checks/index.js';
import type { MonitorConfig } from './monitor-input.js';

const SERVICE_TYPES: readonly MonitorType[] = [
  'postgres',
  'mysql',
  'redis',
  'smtp',
  'websocket',
  'grpc',
  'mqtt',
  'amqp',
];

/** The service-check fields and the only types that read them (see CheckTarget in checks/types.ts). */
const SERVICE_FIELDS = {
  query: ['postgres', 'mysql', 'redis'],
  expected_value: ['postgres', 'mysql', 'redis', 'websocket'],
  message: ['websocket'],
  topic: ['mqtt', 'amqp'],
  service_name: ['grpc'],
  starttls: ['smtp'],
  expected_close_code: ['websocket'],
} satisfies Partial<Record<keyof MonitorConfig, readonly MonitorType[]>>;

/**
 * Request and answer fields of the older types that no service check reads. Only the nullable ones
 * are judged: fields with a default (expected_status_codes, max_redirects…) are always present
 * in an export and mean nothing when unused, whereas a keyword someone typed would be ignored silently.
 */
const WEB_FIELDS = {
  headers: ['websocket', 'grpc'],
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
  judge(SERVICE_FIELDS);
  if (SERVICE_TYPES.includes(c.monitor_type)) {
    judge(WEB_FIELDS);
    if (c.auth?.type === 'bearer' && !['websocket', 'grpc'].includes(c.monitor_type)) {
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
