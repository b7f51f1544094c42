import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type BannerInput, overallStatus } from '../../src/public-face/status-pages/overall-status.js';
import type { PublicMonitorState } from '../../src/public-face/status-pages/public-view.js';

const m = (state: PublicMonitorState, failing = false): BannerInput => ({ state, failing });

test('the banner rules, in order of precedence', () => {
  assert.equal(overallStatus([]), 'operational');
  assert.equal(overallStatus([m('unknown'), m('unknown')]), 'operational');
  assert.equal(overallStatus([m('up'), m('up')]), 'operational');
  assert.equal(overallStatus([m('up'), m('up', true)]), 'degraded');
  assert.equal(overallStatus([m('up'), m('down')]), 'partial_outage', 'half down is not more than half');
  assert.equal(overallStatus([m('down'), m('down'), m('up')]), 'major_outage');
  assert.equal(overallStatus([m('down')]), 'major_outage', 'a lone monitor down');
  assert.equal(
    overallStatus([m('down'), m('up', true), m('up')]),
    'partial_outage',
    'down outranks degraded',
  );
  assert.equal(overallStatus([m('maintenance'), m('maintenance'), m('unknown')]), 'maintenance');
  assert.equal(overallStatus([m('maintenance'), m('up')]), 'operational', 'partly in maintenance');
  // Monitors in maintenance do not count towards "more than half down".
  assert.equal(overallStatus([m('maintenance'), m('maintenance'), m('down'), m('up')]), 'partial_outage');
  assert.equal(overallStatus([m('maintenance'), m('down')]), 'major_outage');
  // A degraded monitor is its own state now; paused ones say nothing about the service.
  assert.equal(overallStatus([m('up'), m('degraded')]), 'degraded');
  assert.equal(overallStatus([m('paused'), m('paused')]), 'operational');
  assert.equal(overallStatus([m('paused'), m('maintenance')]), 'maintenance');
  assert.equal(overallStatus([m('paused'), m('paused'), m('down'), m('up')]), 'partial_outage');
});
