import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { type CheckTarget, runCheck } from './index.js';

function ping(url: string): CheckTarget {
  return { monitor_type: 'ping', url, timeout_seconds: 1 };
}

describe('ping', () => {
  test('127.0.0.1 answers', { skip: needTool('ping', ['-c', '1', '-W', '1', '127.0.0.1']) }, async () => {
    const out = await runCheck(ping('127.0.0.1'));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(typeof out.response_time_ms, 'number');
    assert.equal(out.status_code, null);
  });

  test('without a ping binary the error says so', async () => {
    // The check spawns `ping` through PATH; an empty PATH is how a machine without iputils looks to it.
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const out = await runCheck(ping('127.0.0.1'));
      assert.equal(out.error, 'ping is not available on this system (install iputils-ping)');
    } finally {
      process.env.PATH = saved;
    }
  });

  test('anything that could be read as an option is refused before running ping', async () => {
    for (const host of ['-f', '127.0.0.1 -c 1000', '', '$(id)']) {
      const out = await runCheck(ping(host));
      assert.equal(out.error, `invalid ping host "${host}"`);
    }
  });
});
