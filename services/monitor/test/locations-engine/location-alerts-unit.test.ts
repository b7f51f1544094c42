import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatMessage } from '../../src/alerting/notify/format.js';
import type { NotificationPayload } from '../../src/alerting/notify/types.js';
import { DEFAULT_TEMPLATES } from '../../src/alerting/templates/default-templates.js';
import { renderTemplate } from '../../src/alerting/templates/render-template.js';
import { samplePayload } from '../../src/alerting/templates/sample-payload.js';
import { templateView } from '../../src/alerting/templates/template-variables.js';
import { templateProblems } from '../../src/alerting/templates/validate-template.js';

const down = samplePayload('down');
const multi: NotificationPayload = {
  ...down,
  incident: { ...down.incident!, locations: ['eu', 'asia'] },
  locations: [
    { id: 'eu', name: 'Europe' },
    { id: 'asia', name: 'Asia' },
  ],
};

describe('alerts of multi-location monitors', () => {
  test('the down text names the locations; a local-only monitor’s text is unchanged', () => {
    assert.equal(
      formatMessage(multi, null).text,
      'Checkout API (https://shop.example.com/health?deep=1&full=1) is down: HTTP 503 Service Unavailable' +
        ' (down from Europe, Asia). 2 monitors affected: Cart, Payments.',
    );
    assert.equal(
      formatMessage(down, null).text,
      'Checkout API (https://shop.example.com/health?deep=1&full=1) is down: HTTP 503 Service Unavailable.' +
        ' 2 monitors affected: Cart, Payments.',
    );
  });

  test('rendered, the built-in down template is still exactly the built-in message', () => {
    for (const p of [multi, down, { ...multi, result: null }]) {
      for (const base of [null, 'https://mon.example.com']) {
        const view = templateView(p, base);
        assert.equal(renderTemplate(DEFAULT_TEMPLATES.down.body, view), formatMessage(p, base).text);
      }
    }
  });

  test('{{incident.locations}} is a documented variable: names, comma-separated; empty when local only', () => {
    assert.deepEqual(templateProblems('body', 'seen from {{incident.locations}}'), []);
    const render = (p: NotificationPayload) =>
      renderTemplate(
        '[{{incident.locations}}]{{^incident.locations}}local{{/incident.locations}}',
        templateView(p, null),
      );
    assert.equal(render(multi), '[Europe, Asia]');
    assert.equal(render(down), '[]local');
    // An incident re-alerted without names (a reminder) still says which locations, by id.
    assert.equal(render({ ...multi, locations: undefined }), '[eu, asia]');
  });
});
