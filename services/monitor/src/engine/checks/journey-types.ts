/**
 * The steps of the journey check types (issue 32) and what their checks record. A step is one
 * object whose fields depend on the type: a `multistep` step is an HTTP request with assertions and
 * captures; a `browser` step is one action in the page. Declared once here for the checkers, and
 * mirrored as a schema in engine/monitors/journey-fields.ts for the API.
 */

/** One assertion on a multistep step's response. `op` defaults to `equals` (`lt` for response_time). */
export interface StepAssertion {
  /** What is compared: the status code, a header, a JSON path of the body, a regex on the body, the time. */
  source: 'status' | 'header' | 'json' | 'regex' | 'response_time';
  /** The header name (header), the JSON path (json: `$.a.b[0]`), the pattern (regex). */
  property?: string | null;
  op?: 'equals' | 'not_equals' | 'contains' | 'matches' | 'lt' | 'gt' | 'exists' | null;
  /** The expected value, as text (numbers compare as numbers); may hold `{{variables}}`. */
  value?: string | null;
}

/** A value a multistep step keeps for later steps, as `{{name}}`. */
export interface StepCapture {
  name: string;
  source: 'json' | 'header' | 'regex';
  /** The JSON path, the header name, or the regex (its first group, else the whole match). */
  property: string;
  /** Masked in every message and stored detail, as the monitor's credentials are. */
  secret?: boolean | null;
}

/** The actions of a browser step. */
export const BROWSER_ACTIONS = [
  'goto',
  'click',
  'fill',
  'select',
  'press',
  'wait_for_selector',
  'wait_for_text',
  'wait_for_url',
  'expect_text',
  'expect_title',
  'expect_url',
  'screenshot',
] as const;
export type BrowserAction = (typeof BROWSER_ACTIONS)[number];

export interface JourneyStep {
  /** Shown in results and messages; default `step N`. */
  name?: string | null;
  // multistep
  method?: string | null;
  /** multistep: the request URL (relative to the monitor's URL); browser goto: the page to open. */
  url?: string | null;
  headers?: Record<string, string> | null;
  body?: string | null;
  assertions?: StepAssertion[] | null;
  captures?: StepCapture[] | null;
  // browser
  /** One of BROWSER_ACTIONS (checked on save; text here, as the API's schema declares it). */
  action?: string | null;
  selector?: string | null;
  /** fill/select: the value; press: the key; expect and wait actions: the text, title or URL pattern. */
  value?: string | null;
}

/** How one step went, as stored with the result (messages have secrets masked, bodies cut). */
export interface StepResult {
  name: string;
  status: 'up' | 'down' | 'skipped';
  duration_ms: number;
  /** multistep: the response's status code. */
  status_code?: number | null;
  error?: string | null;
}

/** What a journey check recorded besides the outcome (check_results.details). */
export interface CheckDetails {
  steps: StepResult[];
  final_url?: string | null;
  console_errors?: string[];
  failed_requests?: string[];
  /** File names of the evidence kept on failure (browser), served with the result. */
  screenshot?: string | null;
  trace?: string | null;
}
