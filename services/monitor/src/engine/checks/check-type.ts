import type { CheckSockets } from './check-sockets.js';
import type { Deadline } from './deadline.js';
import type { CheckOutcome, CheckTarget } from './types.js';

/** What runCheck hands a checker besides the target. */
export interface CheckRun {
  deadline: Deadline;
  /** Every connection the check opens, torn down when the deadline passes and when it returns. */
  sockets: CheckSockets;
  /** The local address to connect from (a probe's PROBE_SOURCE_ADDRESS), for checkers that can. */
  from: string | undefined;
}

/** The monitor fields only some service checks read, in the order their 422 problems are listed. */
export const SERVICE_FIELDS = [
  'query',
  'expected_value',
  'message',
  'topic',
  'service_name',
  'starttls',
  'expected_close_code',
  // Journeys (issue 32): the multistep and browser types.
  'steps',
  'script',
  'viewport',
  'blocklist',
] as const;
export type ServiceField = (typeof SERVICE_FIELDS)[number];

/**
 * One monitor type: everything the service needs to know about it, declared by its checker module
 * and listed once in registry.ts (the recipe is in CONTRIBUTING.md, "A new check type").
 */
export interface CheckType {
  /** Runs one check; never throws (runCheck turns a throw into a down outcome anyway). */
  run(target: CheckTarget, run: CheckRun): Promise<CheckOutcome>;
  /**
   * The URL and field rules, with the parsers the checker reads by (validateCheckTarget), so what
   * the API accepts is exactly what the check understands. `url` is trimmed.
   */
  validate(target: CheckTarget, url: string, add: (path: string, message: string) => void): void;
  /**
   * The protocol client library, loaded on the first check of the type rather than at start
   * (issue 29) and before the check's deadline starts: the first check's timeout is not spent
   * loading code.
   */
  library?: () => Promise<unknown>;
  /**
   * A type whose checks are bounded per process (browser: BROWSER_CONCURRENCY) waits here for its
   * turn, before its deadline starts, so time in the queue is not taken from the check's timeout;
   * the function it resolves to gives the turn back.
   */
  admit?: (signal?: AbortSignal) => Promise<() => void>;
  /**
   * A service check (issue 15; every type added since is one): validate() is also the rule on
   * save, the fields of `reads` apply to it alone among the service fields, and the HTTP request
   * fields do not apply, except `headers` when `headers` is true. `bearer`: `auth` may be a bearer
   * token (otherwise basic only).
   */
  service?: { reads: readonly ServiceField[]; headers?: boolean; bearer?: boolean };
  /**
   * Default ports of its URL schemes (`redis: 6379`), so `redis://h` and `redis://h:6379` are one
   * destination when a monitor keeps its stored credentials (WHATWG gives such URLs no origin).
   */
  defaultPorts?: Readonly<Record<string, number>>;
}
