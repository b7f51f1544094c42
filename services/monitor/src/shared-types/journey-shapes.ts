// The journey fields of a monitor (issue 32: `multistep` and `browser` checks) and what their checks
// record, shared by the API's schemas and the dashboard's step editor (docs/browser-checks.md). The
// checkers declare the same shapes as plain types (engine/checks/journey-types.ts), since a checker
// imports no service code; api/monitors/schema.ts fails to compile unless the two agree.
import { MULTILINE } from '@app/kit';
import { type Static, Type } from 'typebox';

const Text = (maxLength: number, extra: Record<string | symbol, unknown> = {}) =>
  Type.Optional(Type.Union([Type.String({ maxLength, ...extra }), Type.Null()]));

export const StepAssertion = Type.Object(
  {
    source: Type.Union([
      Type.Literal('status'),
      Type.Literal('header'),
      Type.Literal('json'),
      Type.Literal('regex'),
      Type.Literal('response_time'),
    ]),
    property: Text(500),
    op: Type.Optional(
      Type.Union([
        Type.Literal('equals'),
        Type.Literal('not_equals'),
        Type.Literal('contains'),
        Type.Literal('matches'),
        Type.Literal('lt'),
        Type.Literal('gt'),
        Type.Literal('exists'),
        Type.Null(),
      ]),
    ),
    value: Text(4000),
  },
  { additionalProperties: false },
);
export type StepAssertion = Static<typeof StepAssertion>;

export const StepCapture = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
    source: Type.Union([Type.Literal('json'), Type.Literal('header'), Type.Literal('regex')]),
    property: Type.String({ minLength: 1, maxLength: 500 }),
    secret: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type StepCapture = Static<typeof StepCapture>;

/** The browser actions, in the step editor's order. */
export const BROWSER_STEP_ACTIONS = [
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

export const JourneyStep = Type.Object(
  {
    name: Text(200),
    method: Text(10),
    url: Text(2048),
    headers: Type.Optional(
      Type.Union([
        Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 4000 })),
        Type.Null(),
      ]),
    ),
    body: Text(65536, { [MULTILINE]: true }),
    assertions: Type.Optional(Type.Union([Type.Array(StepAssertion, { maxItems: 20 }), Type.Null()])),
    captures: Type.Optional(Type.Union([Type.Array(StepCapture, { maxItems: 20 }), Type.Null()])),
    // A string limited to the actions (mapped literals would infer as nothing; the checkers read
    // BrowserAction of engine/checks/journey-types.ts).
    action: Type.Optional(Type.Union([Type.String({ enum: [...BROWSER_STEP_ACTIONS] }), Type.Null()])),
    selector: Text(1000),
    value: Text(4000),
  },
  { additionalProperties: false },
);
export type BrowserStepAction = (typeof BROWSER_STEP_ACTIONS)[number];
export type JourneyStep = Static<typeof JourneyStep>;

export const StepResult = Type.Object({
  name: Type.String(),
  status: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('skipped')]),
  duration_ms: Type.Integer(),
  status_code: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  error: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type StepResult = Static<typeof StepResult>;

/** What a journey check recorded besides its outcome (null on other checks). */
export const CheckDetails = Type.Object({
  steps: Type.Array(StepResult),
  final_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  console_errors: Type.Optional(Type.Array(Type.String())),
  failed_requests: Type.Optional(Type.Array(Type.String())),
  screenshot: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'Evidence file kept on failure: GET …/evidence/screenshot',
    }),
  ),
  trace: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'Playwright trace kept on failure: GET …/evidence/trace',
    }),
  ),
});
export type CheckDetails = Static<typeof CheckDetails>;
