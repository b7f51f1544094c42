import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  certificateFace,
  responseTimeFace,
  statusFace,
  uptimeFace,
} from '../../src/public-face/badges/badge-faces.js';
import { escapeLabel } from '../../src/public-face/prometheus/monitor-series.js';

describe('badge faces', () => {
  test('status colours', () => {
    const colour = (s: string) => statusFace(s).colour;
    assert.deepEqual(['up', 'down', 'maintenance', 'paused', 'pending'].map(colour), [
      'green',
      'red',
      'blue',
      'grey',
      'grey',
    ]);
    assert.equal(statusFace('degraded').colour, 'orange');
    assert.equal(statusFace('up', 'api').label, 'api');
  });

  test('uptime: thresholds, two decimals cut and never a false 100 %', () => {
    const at = (p: number | null) => {
      const f = uptimeFace(p, '30d');
      return [f.message, f.colour];
    };
    assert.deepEqual(at(100), ['100%', 'green']);
    assert.deepEqual(at(99.999), ['99.99%', 'green']);
    assert.deepEqual(at(99.9), ['99.9%', 'green']);
    assert.deepEqual(at(99.5), ['99.5%', 'yellowgreen']);
    assert.deepEqual(at(98), ['98%', 'yellow']);
    assert.deepEqual(at(96.25), ['96.25%', 'orange']);
    assert.deepEqual(at(50), ['50%', 'red']);
    assert.deepEqual(at(0), ['0%', 'red']);
    assert.deepEqual(at(null), ['no data', 'grey']);
    assert.equal(uptimeFace(99, '7d').label, 'uptime 7d');
  });

  test('response time and certificate', () => {
    assert.deepEqual(responseTimeFace(120), { label: 'response time', message: '120 ms', colour: 'green' });
    assert.equal(responseTimeFace(900).colour, 'yellow');
    assert.equal(responseTimeFace(2000).colour, 'orange');
    assert.deepEqual(responseTimeFace(null).message, 'n/a');
    assert.deepEqual(certificateFace(30, true, 14), {
      label: 'certificate',
      message: '30 days',
      colour: 'green',
    });
    assert.equal(certificateFace(14, true, 14).colour, 'orange');
    assert.equal(certificateFace(1, true, 14).message, '1 day');
    assert.deepEqual(
      [certificateFace(-2, true, 14).message, certificateFace(-2, true, 14).colour],
      ['expired', 'red'],
    );
    assert.equal(certificateFace(null, true, 14).message, 'unknown');
    assert.equal(certificateFace(null, false, 14).message, 'n/a');
  });
});

describe('Prometheus label escaping', () => {
  test('backslash, double quote and newline', () => {
    assert.equal(escapeLabel('plain name'), 'plain name');
    assert.equal(escapeLabel('a\\b "c"\nd'), 'a\\\\b \\"c\\"\\nd');
  });
});
