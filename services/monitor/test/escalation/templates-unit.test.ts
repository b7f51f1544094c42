import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { effectivePolicyId } from '../../src/alerting/escalation/policy-resolution.js';
import { plannedEscalation } from '../../src/alerting/escalation/policy-schedule.js';
import { formatMessage } from '../../src/alerting/notify/format.js';
import { pagerDutyDedupKey } from '../../src/alerting/notify/providers/pagerduty.js';
import type { NotificationPayload } from '../../src/alerting/notify/types.js';
import { DEFAULT_TEMPLATES } from '../../src/alerting/templates/default-templates.js';
import { renderTemplate } from '../../src/alerting/templates/render-template.js';
import { samplePayload } from '../../src/alerting/templates/sample-payload.js';
import { TEMPLATE_EVENT_NAMES } from '../../src/alerting/templates/template-events.js';
import { templateView } from '../../src/alerting/templates/template-variables.js';
import { templateProblems } from '../../src/alerting/templates/validate-template.js';

describe('default templates', () => {
  // Variants: with and without a link, a monitor without URL, a check without error, 1 day left.
  const variants = (p: NotificationPayload): NotificationPayload[] => [
    p,
    { ...p, monitor: { ...p.monitor, url: null } },
    { ...p, result: p.result ? { ...p.result, error: null, status_code: null } : null },
    { ...p, result: p.result ? { ...p.result, tls_days_left: 1 } : null },
    { ...p, incident: p.incident ? { ...p.incident, duration_seconds: 0, root_cause: null } : null },
  ];
  for (const event of TEMPLATE_EVENT_NAMES) {
    test(`${event}: rendered, the built-in template is exactly the built-in message`, () => {
      for (const p of variants(samplePayload(event))) {
        for (const base of [null, 'https://mon.example.com/']) {
          const want = formatMessage(p, base);
          const view = templateView(p, base);
          assert.equal(renderTemplate(DEFAULT_TEMPLATES[event].title, view), want.title);
          assert.equal(renderTemplate(DEFAULT_TEMPLATES[event].body, view), want.text);
        }
      }
    });
    test(`${event}: the built-in template passes validation`, () => {
      assert.deepEqual(templateProblems('title', DEFAULT_TEMPLATES[event].title), []);
      assert.deepEqual(templateProblems('body', DEFAULT_TEMPLATES[event].body), []);
    });
  }
});

describe('template validation', () => {
  test('an unknown variable is named, once, with the field', () => {
    assert.deepEqual(templateProblems('body', '{{monitor.nmae}} and {{monitor.nmae}} {{oops}}'), [
      { path: 'body', message: 'unknown variable "monitor.nmae"' },
      { path: 'body', message: 'unknown variable "oops"' },
    ]);
  });
  test('names inside sections resolve like mustache: the section first, then outwards', () => {
    assert.deepEqual(
      templateProblems(
        'body',
        '{{#affected.monitors}}{{name}} ({{id}}) of {{monitor.name}}; {{/affected.monitors}}',
      ),
      [],
    );
    assert.deepEqual(templateProblems('body', '{{#incident}}{{duration}} {{root_cause}}{{/incident}}'), []);
    assert.deepEqual(templateProblems('body', '{{#incident}}{{nope}}{{/incident}}'), [
      { path: 'body', message: 'unknown variable "nope"' },
    ]);
    assert.deepEqual(
      templateProblems('body', '{{^reason}}no reason{{/reason}}{{#reason}}{{.}}{{/reason}}'),
      [],
    );
    assert.deepEqual(templateProblems('body', '{{.}}'), [{ path: 'body', message: 'unknown variable "."' }]);
  });
  test('object internals and partials are refused; a syntax error says why', () => {
    assert.deepEqual(templateProblems('title', '{{constructor}}{{monitor.__proto__}}'), [
      { path: 'title', message: 'unknown variable "constructor"' },
      { path: 'title', message: 'unknown variable "monitor.__proto__"' },
    ]);
    assert.deepEqual(templateProblems('body', '{{> header}}'), [
      { path: 'body', message: 'partials ({{> header}}) are not supported' },
    ]);
    const [p] = templateProblems('body', '{{#monitor}}unclosed');
    assert.equal(p!.path, 'body');
    assert.match(p!.message, /^is not a valid template: Unclosed section "monitor"/);
  });
  test('values are escaped for HTML only when asked (e-mail)', () => {
    const p = samplePayload('down');
    const view = templateView({ ...p, monitor: { ...p.monitor, name: 'A & <B>' } }, null);
    assert.equal(renderTemplate('{{monitor.name}}', view), 'A & <B>');
    assert.equal(renderTemplate('{{monitor.name}}', view, true), 'A &amp; &lt;B&gt;');
  });
});

describe('escalation schedule', () => {
  const steps = [
    { after_minutes: 5, channel_ids: [1] },
    { after_minutes: 15, channel_ids: [2] },
  ];
  test('steps once, then nothing', () => {
    const plan = { steps, repeat_count: 0 };
    assert.deepEqual(
      [0, 1, 2].map((n) => plannedEscalation(plan, n)?.minutes ?? null),
      [5, 15, null],
    );
  });
  test('a repeating policy starts a round when the last step went out', () => {
    const plan = { steps, repeat_count: 1 };
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((n) => plannedEscalation(plan, n)?.minutes ?? null),
      [5, 15, 20, 30, null],
    );
    assert.equal(plannedEscalation({ steps, repeat_count: null }, 41)?.minutes, 20 * 15 + 15);
    assert.equal(plannedEscalation({ steps, repeat_count: null }, 41)?.index, 1);
  });
  test('a monitor uses its own policy, else the nearest up its group chain', () => {
    const groups = new Map([
      [1, { id: 1, parent_id: null, escalation_policy_id: 10 }],
      [2, { id: 2, parent_id: 1, escalation_policy_id: null }],
      [3, { id: 3, parent_id: 2, escalation_policy_id: 30 }],
      [4, { id: 4, parent_id: 5, escalation_policy_id: null }],
      [5, { id: 5, parent_id: 4, escalation_policy_id: null }],
    ]);
    assert.equal(effectivePolicyId(7, 3, groups), 7);
    assert.equal(effectivePolicyId(null, 3, groups), 30);
    assert.equal(effectivePolicyId(null, 2, groups), 10);
    assert.equal(effectivePolicyId(null, null, groups), null);
    assert.equal(effectivePolicyId(null, 4, groups), null);
  });
});

test('pagerduty: an escalation re-raises its incident’s alert (the recovery resolves both)', () => {
  const esc = samplePayload('escalation');
  const up = samplePayload('up');
  assert.equal(pagerDutyDedupKey(esc, 'other'), 'monitor-42-incident-7');
  assert.equal(pagerDutyDedupKey(up, 'other'), pagerDutyDedupKey(esc, 'x'));
});
