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

/** The probe token the file's location takes from its environment. */
export const KIND_SECRETS = { EU_PROBE_TOKEN: 'mon_probe_file-chosen-token-0123456789abcdefXYZ' };

export interface KindOptions {
  locationName?: string;
  policyName?: string;
  pageTitle?: string;
  pageSlug?: string;
  windowName?: string;
  templateTitle?: string;
  /** Leave out the template, the policy, the window, the page and the location. */
  withoutKinds?: boolean;
  /** Appended to the status pages: the last object of the file. */
  extraPages?: Record<string, unknown>[];
  extraWindows?: Record<string, unknown>[];
}

/**
 * The base file with one object of each newer kind, referring to each other by key: the api
 * monitor escalates by `oncall` and sits on the `public` page with db; db runs from `local` and
 * `eu` and is in the `nightly` window; `hook` has its own down message.
 */
export function kindsFile(o: KindOptions = {}) {
  const doc = baseFile() as ReturnType<typeof baseFile> & Record<string, unknown>;
  if (o.withoutKinds) return doc;
  doc.monitors[0]!.escalation_policy = 'oncall';
  doc.monitors[1]!.location_ids = ['local', 'eu'];
  doc.locations = [
    {
      key: 'eu',
      name: o.locationName ?? 'Europe',
      region: 'eu-west',
      heartbeat_seconds: 15,
      token: ref('EU_PROBE_TOKEN'),
    },
  ];
  doc.templates = [
    {
      key: 'hook-down',
      channel: 'hook',
      event: 'down',
      title: o.templateTitle ?? '{{monitor.name}} is down',
      body: 'Down{{#reason}}: {{reason}}{{/reason}}',
    },
  ];
  doc.escalation_policies = [
    {
      key: 'oncall',
      name: o.policyName ?? 'On call',
      steps: [
        { after_minutes: 5, channels: ['hook'] },
        { after_minutes: 15, channels: ['hook'] },
      ],
      repeat: 2,
    },
  ];
  doc.maintenance = [
    {
      key: 'nightly',
      name: o.windowName ?? 'Nightly backup',
      starts_at: '2030-01-01T02:00:00.000Z',
      ends_at: null,
      recurrence: { cron: '0 2 * * *', duration_minutes: 30 },
      timezone: 'Europe/Berlin',
      monitors: ['db'],
    },
    ...(o.extraWindows ?? []),
  ];
  doc.status_pages = [
    {
      key: 'public',
      slug: o.pageSlug ?? 'status',
      title: o.pageTitle ?? 'Service status',
      description: 'All our services',
      sections: [
        { name: 'Core', monitors: ['api', 'db'] },
        { name: 'Data', monitors: ['db'] },
      ],
      uptime_days: 30,
      is_public: true,
    },
    ...(o.extraPages ?? []),
  ];
  return doc;
}
