/** A field-level validation message from a 422 problem. */
export interface FieldError {
  path: string;
  message: string;
}

/** An RFC 9457 problem answered by the API, thrown by the client for every non-2xx answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const p = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const detail = typeof p.detail === 'string' ? p.detail : typeof p.title === 'string' ? p.title : '';
    super(detail || `request failed (${status})`);
    this.status = status;
    this.code = typeof p.code === 'string' ? p.code : 'unknown';
    this.errors = Array.isArray(p.errors) ? (p.errors as FieldError[]) : [];
    this.body = body;
  }

  /** Messages keyed by dotted path, for showing next to form fields. */
  fieldMessages(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) {
      const key = e.path.replace(/^\/+/, '').replace(/\//g, '.');
      out[key] = out[key] ? `${out[key]}; ${e.message}` : e.message;
    }
    return out;
  }
}

/** A human sentence for any thrown value. */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
