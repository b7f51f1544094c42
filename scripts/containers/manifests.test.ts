import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

/*
 * Issue 37: the Kubernetes manifests in deploy/kubernetes, validated against the Kubernetes API's
 * JSON schemas (kubernetes-models carries them, generated from the API's OpenAPI definitions, and
 * validates offline), then checked for what the schemas cannot say: selectors that select, probes
 * on the right paths, the images' user, requests on every container, secrets that exist.
 */

const root = new URL('../..', import.meta.url).pathname;
const dir = join(root, 'deploy', 'kubernetes');

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: a parsed manifest; its shape is what the schema checks.
  spec: any;
}

function yamlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? yamlFiles(join(folder, e.name))
      : e.name.endsWith('.yaml') && e.name !== 'kustomization.yaml'
        ? [join(folder, e.name)]
        : [],
  );
}

function load(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    assert.deepEqual(doc.errors, [], file);
    return { ...(doc.toJS() as Omit<Manifest, 'file'>), file: relative(dir, file) };
  });
}

/** The schema-validating model class of an apiVersion and kind (`apps/v1` → kubernetes-models/apps/v1). */
async function modelOf(
  apiVersion: string,
  kind: string,
): Promise<new (data: object) => { validate(): void }> {
  const mod = (await import(`kubernetes-models/${apiVersion}`)) as Record<string, unknown>;
  const model = mod[kind];
  assert.equal(typeof model, 'function', `no schema for ${apiVersion} ${kind}`);
  return model as new (
    data: object,
  ) => { validate(): void };
}

async function schemaErrors(m: Omit<Manifest, 'file'>): Promise<string | null> {
  const Model = await modelOf(m.apiVersion, m.kind);
  try {
    new Model(m).validate();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

const kustomization = parseYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as {
  resources: string[];
  images: { name: string }[];
  namespace: string;
};
const all = yamlFiles(dir).flatMap(load);
const listed = all.filter((m) => kustomization.resources.includes(m.file));
const byKind = (kind: string) => listed.filter((m) => m.kind === kind);
const deployment = (name: string) => byKind('Deployment').find((d) => d.metadata.name === name)!;

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  test('the kustomization lists every manifest but the examples, and only files that exist', () => {
    const files = [...new Set(all.map((m) => m.file))].sort();
    assert.deepEqual(
      files.filter((f) => !f.startsWith('examples/')),
      [...kustomization.resources].sort(),
    );
    assert.ok(files.includes('examples/metrics-worker-hpa.yaml'));
    assert.equal(kustomization.namespace, 'uptime');
  });

  test('every manifest, examples included, is valid against the Kubernetes API schemas', async () => {
    assert.ok(all.length >= 8);
    for (const m of all) {
      assert.equal(await schemaErrors(m), null, `${m.file}: ${m.kind} ${m.metadata.name}`);
    }
  });

  test('the schema check refuses a broken manifest (so the check above can fail)', async () => {
    const monitor = structuredClone(deployment('monitor'));
    monitor.spec.replicas = 'two';
    delete monitor.spec.selector;
    const errors = await schemaErrors(monitor);
    assert.match(errors ?? '', /selector/);
    assert.match(errors ?? '', /replicas must be integer/);
    const service = structuredClone(byKind('Service')[0]!);
    service.spec.ports[0].port = 'http';
    assert.match((await schemaErrors(service)) ?? '', /port must be integer/);
  });

  test('one Deployment per role, the probe its own, each with the image of its role', () => {
    const images = new Map(
      byKind('Deployment').map((d) => [d.metadata.name, d.spec.template.spec.containers[0].image]),
    );
    assert.deepEqual(Object.fromEntries(images), {
      monitor: 'uptime/monitor',
      probe: 'uptime/probe',
      'metrics-api': 'uptime/metrics',
      'metrics-worker': 'uptime/metrics-worker',
    });
    // The kustomization's `images` entries name exactly these, so a registry override reaches each.
    assert.deepEqual(kustomization.images.map((i) => i.name).sort(), [...images.values()].sort());
    assert.equal(deployment('monitor').spec.replicas, 2);
    assert.equal(deployment('probe').spec.strategy.type, 'Recreate');
  });

  test('selectors select: Deployments their pods, Services and the PodDisruptionBudget a Deployment', () => {
    const podLabels = new Map(
      byKind('Deployment').map((d) => [d.metadata.name, d.spec.template.metadata.labels]),
    );
    const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
      Object.entries(selector).every(([k, v]) => labels[k] === v);
    for (const d of byKind('Deployment')) {
      assert.ok(matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels), d.metadata.name);
    }
    const selected = (selector: Record<string, string>) =>
      [...podLabels].filter(([, labels]) => matches(selector, labels)).map(([name]) => name);
    assert.deepEqual(
      Object.fromEntries(byKind('Service').map((s) => [s.metadata.name, selected(s.spec.selector)])),
      { monitor: ['monitor'], metrics: ['metrics-api'] },
    );
    const [pdb] = byKind('PodDisruptionBudget');
    assert.deepEqual(selected(pdb!.spec.selector.matchLabels), ['monitor']);
    assert.equal(pdb!.spec.minAvailable, 1);
    // Services send to the container port by its name.
    for (const s of byKind('Service')) {
      const d = deployment(s.metadata.name === 'metrics' ? 'metrics-api' : s.metadata.name);
      const names = d.spec.template.spec.containers[0].ports.map((p: { name: string }) => p.name);
      assert.ok(names.includes(s.spec.ports[0].targetPort), s.metadata.name);
    }
  });

  test('readiness on /readyz, liveness on /healthz; requests, the images user, a read-only root and /data', () => {
    for (const d of byKind('Deployment')) {
      const pod = d.spec.template.spec;
      const [c] = pod.containers;
      const name = d.metadata.name;
      assert.equal(pod.securityContext.runAsUser, 10001, name);
      assert.equal(pod.securityContext.runAsNonRoot, true, name);
      assert.equal(c.securityContext.readOnlyRootFilesystem, true, name);
      assert.deepEqual(c.securityContext.capabilities.drop, ['ALL'], name);
      assert.deepEqual(
        c.volumeMounts.map((v: { mountPath: string }) => v.mountPath),
        ['/data'],
        name,
      );
      assert.ok(c.resources.requests.cpu && c.resources.requests.memory, `${name} has requests`);
      assert.ok(c.resources.limits.memory, `${name} has a memory limit`);
      // The programs stop within 10 s; the grace period leaves room above it.
      assert.ok(pod.terminationGracePeriodSeconds >= 15, name);
      if (name === 'probe') {
        assert.equal(c.readinessProbe, undefined, 'the probe has no HTTP port');
        continue;
      }
      assert.equal(c.readinessProbe.httpGet.path, '/readyz', name);
      assert.equal(c.livenessProbe.httpGet.path, '/healthz', name);
      assert.equal(c.startupProbe.httpGet.path, '/healthz', name);
    }
  });

  test('every secret a manifest reads is in secrets.env.example', () => {
    const keys = new Set(
      readFileSync(join(dir, 'secrets.env.example'), 'utf8')
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => l.split('=')[0]),
    );
    const refs = byKind('Deployment').flatMap((d) =>
      d.spec.template.spec.containers.flatMap(
        (c: { env?: { valueFrom?: { secretKeyRef?: { key: string } } }[] }) =>
          (c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.key] : [])),
      ),
    );
    assert.ok(refs.length > 0);
    for (const key of refs) {
      if (key === 'METRICS_API_TOKEN') continue; // optional, documented in docs/install.md
      assert.ok(keys.has(key), key);
    }
  });

  test('the autoscaling example scales the metrics worker on the queue gauge', () => {
    const [hpa] = all.filter((m) => m.kind === 'HorizontalPodAutoscaler');
    assert.equal(hpa!.spec.scaleTargetRef.name, 'metrics-worker');
    assert.ok(deployment(hpa!.spec.scaleTargetRef.name));
    assert.equal(hpa!.spec.metrics[0].external.metric.name, 'metrics_queue_pending');
  });
});

describe('Containerfile', () => {
  test('the dependency layer copies the manifest of every workspace, so `npm install` sees the whole lock', () => {
    const containerfile = readFileSync(join(root, 'Containerfile'), 'utf8');
    const copied = [...containerfile.matchAll(/^COPY (\S+)\/package\.json \S+\/$/gm)].map((m) => m[1]);
    const workspaces = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces;
    assert.deepEqual([...copied].sort(), [...workspaces].sort());
  });
});
