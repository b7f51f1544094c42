/** One field-level validation message; `path` is dotted (`monitors.3.url`). */
export interface FieldProblem {
  path: string;
  message: string;
}

/** The RFC 9457 body every error response carries. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldProblem[];
  [extra: string]: unknown;
}

/** An error that knows its HTTP answer. Throw it from anywhere; the problem handler renders it. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly errors?: FieldProblem[],
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }

  toBody(): ProblemBody {
    const body: ProblemBody = {
      type: `/docs/problems#${this.code}`,
      title: this.title,
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...this.extra,
    };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

export interface ProblemSpec {
  status: number;
  title: string;
}

type Factory = (
  detail?: string,
  more?: { errors?: FieldProblem[]; headers?: Record<string, string>; extra?: Record<string, unknown> },
) => HttpProblem;

/**
 * Builds a service's one error catalogue: each key becomes a stable `code` and a factory
 * (`errors.not_found('monitor 4 does not exist')`).
 */
export function defineErrors<const C extends Record<string, ProblemSpec>>(
  catalogue: C,
): { [K in keyof C]: Factory } {
  const out = {} as { [K in keyof C]: Factory };
  for (const [code, spec] of Object.entries(catalogue) as [keyof C & string, ProblemSpec][]) {
    out[code] = (detail, more = {}) =>
      new HttpProblem(
        spec.status,
        code,
        spec.title,
        detail ?? `${spec.title}.`,
        more.errors,
        more.headers,
        more.extra,
      );
  }
  return out;
}

/** The problems every HTTP service shares; services spread this into their own catalogue. */
export const commonProblems = {
  malformed_json: { status: 400, title: 'Malformed JSON' },
  bad_request: { status: 400, title: 'Bad request' },
  malformed_url: { status: 400, title: 'Malformed URL' },
  malformed_request: { status: 400, title: 'Malformed request' },
  credentials_in_url: { status: 400, title: 'Credentials in URL' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  conflict: { status: 409, title: 'Conflict' },
  request_timeout: { status: 408, title: 'Request timeout' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  uri_too_long: { status: 414, title: 'URI too long' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  validation_failed: { status: 422, title: 'Validation failed' },
  rate_limited: { status: 429, title: 'Too many requests' },
  header_fields_too_large: { status: 431, title: 'Request header fields too large' },
  internal_error: { status: 500, title: 'Internal server error' },
} as const satisfies Record<string, ProblemSpec>;
