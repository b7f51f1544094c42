import { useEffect, useState } from 'react';

let cached: Promise<Set<string>> | null = null;

/**
 * The fields `POST /api/monitors` accepts, read from the service's own OpenAPI document, so optional
 * features (linking channels, reminders) appear in the form exactly when this service supports them.
 */
export function monitorBodyFields(): Promise<Set<string>> {
  cached ??= fetch('/api/openapi.json')
    .then((r) => r.json() as Promise<OpenApiDoc>)
    .then((doc) => {
      const schema = doc.paths?.['/api/monitors']?.post?.requestBody?.content?.['application/json']?.schema;
      return new Set(Object.keys(schema?.properties ?? {}));
    })
    .catch(() => new Set<string>());
  return cached;
}

/** monitorBodyFields() as a hook; empty until known. */
export function useMonitorBodyFields(): Set<string> {
  const [fields, setFields] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    let alive = true;
    void monitorBodyFields().then((f) => alive && setFields(f));
    return () => {
      alive = false;
    };
  }, []);
  return fields;
}

interface OpenApiDoc {
  paths?: Record<
    string,
    {
      post?: {
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      };
    }
  >;
}
