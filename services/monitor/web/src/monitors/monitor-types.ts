import type { MonitorType } from '../api/types.js';

export const MONITOR_TYPES: { value: MonitorType; label: string }[] = [
  { value: 'http_get', label: 'HTTP GET' },
  { value: 'http_post', label: 'HTTP POST' },
  { value: 'http_head', label: 'HTTP HEAD' },
  { value: 'tcp', label: 'TCP port' },
  { value: 'dns', label: 'DNS' },
  { value: 'tls', label: 'TLS certificate' },
  { value: 'ping', label: 'Ping' },
  { value: 'heartbeat', label: 'Heartbeat (push)' },
  { value: 'postgres', label: 'PostgreSQL' },
  { value: 'mysql', label: 'MySQL / MariaDB' },
  { value: 'redis', label: 'Redis' },
  { value: 'smtp', label: 'SMTP' },
  { value: 'websocket', label: 'WebSocket' },
  { value: 'grpc', label: 'gRPC health' },
  { value: 'mqtt', label: 'MQTT' },
  { value: 'amqp', label: 'AMQP (RabbitMQ)' },
];

/** The human name of a monitor type. */
export function typeLabel(t: string): string {
  return MONITOR_TYPES.find((x) => x.value === t)?.label ?? t;
}
