// The probe endpoint tests' fixture: two locations (Paris and Tokyo) with their tokens, a webhook
// channel, and monitors assigned to Paris (one with credentials, one paused), to local only and to Tokyo.
import assert from 'node:assert/strict';
import type { ProbeResult } from '../../src/shared-types/probe-protocol.js';
import type { LocationServer } from './location-server.js';

export const result = (
  monitor_id: number,
  checked_at: number,
  status: 'up' | 'down' = 'up',
): ProbeResult => ({
  monitor_id,
  checked_at,
  status,
  response_time_ms: 12,
  status_code: status === 'up' ? 200 : 503,
  error: status === 'up' ? null : 'HTTP 503',
  tls_days_left: null,
});

export async function seedProbeLocations(s: LocationServer) {
  const token = (await s.call('POST', '/api/locations', { name: 'Paris', id: 'paris' })).json().token;
  const otherToken = (await s.call('POST', '/api/locations', { name: 'Tokyo', id: 'tokyo' })).json().token;
  const channel = await s.call('POST', '/api/channels', {
    name: 'hook',
    type: 'webhook',
    config: { url: 'http://127.0.0.1:9/hook' },
  });
  assert.equal(channel.statusCode, 201, channel.body);
  const create = async (body: object) => {
    const r = await s.call('POST', '/api/monitors', body);
    assert.equal(r.statusCode, 201, r.body);
    return r.json().id as number;
  };
  const mine = await create({
    name: 'api',
    url: 'http://user:pa55word@127.0.0.1:9/health',
    headers: { Authorization: 'Bearer s3cret-value' },
    location_ids: ['paris', 'local'],
    quorum: 1,
    channel_ids: [channel.json().id],
  });
  const paused = await create({ name: 'paused', url: 'http://127.0.0.1:9/p', location_ids: ['paris'] });
  assert.equal((await s.call('POST', `/api/monitors/${paused}/pause`)).statusCode, 200);
  const localOnly = await create({ name: 'local only', url: 'http://127.0.0.1:9/l' });
  const elsewhere = await create({
    name: 'tokyo only',
    url: 'http://127.0.0.1:9/t',
    location_ids: ['tokyo'],
  });
  return { token: token as string, otherToken: otherToken as string, mine, paused, localOnly, elsewhere };
}
