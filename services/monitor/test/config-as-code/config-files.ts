import { stringify } from 'yaml';

// Config files the tests apply: a small installation with every kind of object, and ways to vary it.

/** `${NAME}`, written without a template placeholder in a plain string. */
export const ref = (name: string) => `$${'{'}${name}}`;

export const SECRETS = {
  API_PASSWORD: 'hunter2-very-secret',
  HOOK_SECRET: 'webhook-signing-secret-42',
  BEARER: 'bearer-token-xyz-123',
};

export interface FileOptions {
  apiName?: string;
  interval?: number;
  withoutDb?: boolean;
  extra?: Record<string, unknown>[];
}

/** The base file as an object; `yamlOf` turns it into the text the CLI and API read. */
export function baseFile(o: FileOptions = {}) {
  const monitors: Record<string, unknown>[] = [
    {
      key: 'api',
      name: o.apiName ?? 'API',
      monitor_type: 'http_get',
      url: 'http://127.0.0.1:9/health',
      check_interval_seconds: o.interval ?? 60,
      auth: { type: 'basic', username: 'probe', password: ref('API_PASSWORD') },
      headers: { 'x-env': 'test', authorization: `Bearer ${ref('BEARER')}` },
      group: 'prod',
      channels: ['hook'],
      tags: [{ key: 'env', value: 'prod' }, 'core'],
      depends_on: o.withoutDb ? [] : ['db'],
      paused: true,
    },
  ];
  if (!o.withoutDb) {
    monitors.push({
      key: 'db',
      name: 'Database',
      monitor_type: 'tcp',
      url: '127.0.0.1:9',
      group: 'backend',
      paused: true,
    });
  }
  monitors.push(...(o.extra ?? []));
  return {
    version: 1,
    groups: [
      { key: 'prod', name: 'Production' },
      { key: 'backend', name: 'Backend', parent: 'prod' },
    ],
    tags: [
      { key: 'env', name: 'env', color: '#112233' },
      { key: 'core', name: 'core' },
    ],
    channels: [
      {
        key: 'hook',
        name: 'Ops hook',
        type: 'webhook',
        config: { url: 'http://127.0.0.1:9/hook', secret: ref('HOOK_SECRET') },
      },
    ],
    monitors,
  };
}

export const yamlOf = (doc: unknown) => stringify(doc, { lineWidth: 0 });
