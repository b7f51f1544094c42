import type { BrowserStepAction, JourneyStep, StepAssertion, StepCapture } from '../api/types.js';
import { Field } from '../components/field.js';
import type { FormState } from './form-state.js';
import { type FieldName, KEEP_HINT } from './monitor-fields.js';

type Input = (k: keyof FormState) => { value: string; onChange(e: { target: { value: string } }): void };
type SetField = <K extends keyof FormState>(k: K, v: FormState[K]) => void;

// The browser actions, as the service lists them (shared-types/journey-shapes.ts BROWSER_STEP_ACTIONS;
// a value import would bundle typebox, so the list is written here and the type keeps it honest).
const ACTIONS: BrowserStepAction[] = [
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
];
const SOURCES: StepAssertion['source'][] = ['status', 'header', 'json', 'regex', 'response_time'];
const OPS: NonNullable<StepAssertion['op']>[] = [
  'equals',
  'not_equals',
  'contains',
  'matches',
  'lt',
  'gt',
  'exists',
];

/** The API a browser script gets (docs/browser-checks.md has the whole of it). */
const SCRIPT_HELP = `async body; page.goto(url) · click(sel) · fill(sel, text) · selectOption(sel, value) · press(sel, key) · waitForSelector(sel) · waitForURL(pattern) · textContent(sel) · isVisible(sel) · title() · url() · screenshot(); expect(x).toBe / toEqual / toContain / toMatch / toBeTruthy / toBeGreaterThan / toBeLessThan; vars.username, vars.password, vars.token. No require, process, fetch or timers.`;

const moved = <T,>(list: T[], from: number, to: number) => {
  const out = list.slice();
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
};

/** One multistep step's request, assertions and captures. */
function RequestStep(props: { step: JourneyStep; change(s: JourneyStep): void }) {
  const { step, change } = props;
  const assertions = step.assertions ?? [];
  const captures = step.captures ?? [];
  const setAssertion = (i: number, a: StepAssertion) =>
    change({ ...step, assertions: assertions.map((x, j) => (j === i ? a : x)) });
  const setCapture = (i: number, c: StepCapture) =>
    change({ ...step, captures: captures.map((x, j) => (j === i ? c : x)) });
  return (
    <>
      <div className="grid3">
        <select
          aria-label="Method"
          value={step.method ?? 'GET'}
          onChange={(e) => change({ ...step, method: e.target.value })}
        >
          {['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <input
          aria-label="URL"
          placeholder="/api/login or https://…"
          value={step.url ?? ''}
          onChange={(e) => change({ ...step, url: e.target.value })}
        />
        <textarea
          aria-label="Body"
          rows={1}
          placeholder='{"user":"{{auth.username}}"}'
          value={step.body ?? ''}
          onChange={(e) => change({ ...step, body: e.target.value || null })}
        />
      </div>
      {assertions.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: assertions and captures have no identity of their own
        <div className="grid3" key={`a${i}`} data-assertion={i}>
          <select
            aria-label="Assert on"
            value={a.source}
            onChange={(e) => setAssertion(i, { ...a, source: e.target.value as StepAssertion['source'] })}
          >
            {SOURCES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <input
            aria-label="Property"
            placeholder="header name, $.path or regex"
            value={a.property ?? ''}
            onChange={(e) => setAssertion(i, { ...a, property: e.target.value || null })}
          />
          <span>
            <select
              aria-label="Comparison"
              value={a.op ?? ''}
              onChange={(e) => setAssertion(i, { ...a, op: (e.target.value || null) as StepAssertion['op'] })}
            >
              <option value="">default</option>
              {OPS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
            <input
              aria-label="Expected"
              value={a.value ?? ''}
              onChange={(e) => setAssertion(i, { ...a, value: e.target.value })}
            />
            <button
              type="button"
              onClick={() => change({ ...step, assertions: assertions.filter((_, j) => j !== i) })}
            >
              Remove
            </button>
          </span>
        </div>
      ))}
      {captures.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: assertions and captures have no identity of their own
        <div className="grid3" key={`c${i}`} data-capture={i}>
          <input
            aria-label="Capture name"
            placeholder="token"
            value={c.name}
            onChange={(e) => setCapture(i, { ...c, name: e.target.value })}
          />
          <select
            aria-label="Capture from"
            value={c.source}
            onChange={(e) => setCapture(i, { ...c, source: e.target.value as StepCapture['source'] })}
          >
            {(['json', 'header', 'regex'] as const).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <span>
            <input
              aria-label="Capture property"
              placeholder="$.token"
              value={c.property}
              onChange={(e) => setCapture(i, { ...c, property: e.target.value })}
            />
            <label>
              <input
                type="checkbox"
                checked={c.secret === true}
                onChange={(e) => setCapture(i, { ...c, secret: e.target.checked })}
              />{' '}
              secret
            </label>
            <button
              type="button"
              onClick={() => change({ ...step, captures: captures.filter((_, j) => j !== i) })}
            >
              Remove
            </button>
          </span>
        </div>
      ))}
      <p>
        <button
          type="button"
          onClick={() => change({ ...step, assertions: [...assertions, { source: 'status', value: '200' }] })}
        >
          Add assertion
        </button>{' '}
        <button
          type="button"
          onClick={() =>
            change({ ...step, captures: [...captures, { name: '', source: 'json', property: '' }] })
          }
        >
          Add capture
        </button>
      </p>
    </>
  );
}

/** One browser step: an action, its selector and its value (or URL). */
function BrowserStep(props: { step: JourneyStep; change(s: JourneyStep): void }) {
  const { step, change } = props;
  return (
    <div className="grid3">
      <select
        aria-label="Action"
        value={step.action ?? 'goto'}
        onChange={(e) => {
          // The one text field is the URL for goto and the value otherwise: the other is not kept.
          const action = e.target.value as JourneyStep['action'];
          change(action === 'goto' ? { ...step, action, value: null } : { ...step, action, url: null });
        }}
      >
        {ACTIONS.map((a) => (
          <option key={a}>{a}</option>
        ))}
      </select>
      <input
        aria-label="Selector"
        placeholder="#login"
        value={step.selector ?? ''}
        onChange={(e) => change({ ...step, selector: e.target.value || null })}
      />
      <input
        aria-label={step.action === 'goto' ? 'URL' : 'Value'}
        placeholder={step.action === 'goto' ? '/login' : 'text, key, title or URL pattern'}
        value={(step.action === 'goto' ? step.url : step.value) ?? ''}
        onChange={(e) =>
          change(
            step.action === 'goto' ? { ...step, url: e.target.value } : { ...step, value: e.target.value },
          )
        }
      />
    </div>
  );
}

/**
 * The journey fields of multistep and browser monitors (issue 32): the ordered steps (add, remove,
 * reorder; "Test" below runs them once and shows each step's outcome), and for browsers the
 * script, viewport and blocklist. Headers and credentials are the monitor's, used as {{auth.*}}.
 */
export function JourneyFields(props: {
  f: FormState;
  used: Set<FieldName>;
  input: Input;
  set: SetField;
  errors: Record<string, string>;
  id: number | undefined;
}) {
  const { f, used, input, set, errors, id } = props;
  const browser = f.monitor_type === 'browser';
  const steps = f.steps;
  const stepErrors = Object.entries(errors).filter(([k]) => k === 'steps' || k.startsWith('steps.'));
  const change = (i: number, s: JourneyStep) =>
    set(
      'steps',
      steps.map((x, j) => (j === i ? s : x)),
    );
  return (
    <fieldset>
      <legend>{browser ? 'Browser journey' : 'Steps'}</legend>
      <ol className="journey-steps">
        {steps.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity of their own; the editor edits by position
          <li key={i} data-step={i}>
            <div className="grid3">
              <input
                aria-label="Step name"
                placeholder={`step ${i + 1}`}
                value={s.name ?? ''}
                onChange={(e) => change(i, { ...s, name: e.target.value || null })}
              />
              <span>
                <button type="button" disabled={i === 0} onClick={() => set('steps', moved(steps, i, i - 1))}>
                  Up
                </button>{' '}
                <button
                  type="button"
                  disabled={i === steps.length - 1}
                  onClick={() => set('steps', moved(steps, i, i + 1))}
                >
                  Down
                </button>{' '}
                <button
                  type="button"
                  onClick={() =>
                    set(
                      'steps',
                      steps.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </button>
              </span>
            </div>
            {browser ? (
              <BrowserStep step={s} change={(x) => change(i, x)} />
            ) : (
              <RequestStep step={s} change={(x) => change(i, x)} />
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() =>
          set('steps', [...steps, browser ? { action: 'goto', url: '' } : { method: 'GET', url: '' }])
        }
      >
        Add step
      </button>
      {stepErrors.map(([k, m]) => (
        <small key={k} className="error-text">
          {k}: {m}{' '}
        </small>
      ))}
      <Field
        label="Request headers"
        hint={`One per line: Name: value${id ? `. ${KEEP_HINT}` : ''}`}
        error={errors.headers}
      >
        <textarea {...input('headers')} rows={2} />
      </Field>
      <div className="grid2">
        <Field label="User name ({{auth.username}})" error={errors['auth.username']}>
          <input
            value={f.auth_username}
            onChange={(e) => {
              set('auth_type', 'basic');
              set('auth_username', e.target.value);
            }}
          />
        </Field>
        <Field
          label="Password ({{auth.password}})"
          hint={id ? KEEP_HINT : 'Stored encrypted, never shown'}
          error={errors['auth.password']}
        >
          <input
            type="password"
            value={f.auth_password}
            onChange={(e) => {
              set('auth_type', 'basic');
              set('auth_password', e.target.value);
            }}
          />
        </Field>
      </div>
      {used.has('script') && (
        <Field label="Script (instead of steps; admins only)" hint={SCRIPT_HELP} error={errors.script}>
          <textarea
            {...input('script')}
            rows={6}
            spellCheck={false}
            placeholder="await page.goto('/login');"
          />
        </Field>
      )}
      {used.has('viewport') && (
        <div className="grid2">
          <Field label="Viewport" hint="WIDTHxHEIGHT, default 1280x720" error={errors.viewport}>
            <input {...input('viewport')} placeholder="1280x720" />
          </Field>
          <Field
            label="Blocked requests"
            hint="URL patterns, one per line; * matches anything"
            error={errors.blocklist}
          >
            <textarea {...input('blocklist')} rows={2} placeholder="*/analytics/*" />
          </Field>
        </div>
      )}
    </fieldset>
  );
}
