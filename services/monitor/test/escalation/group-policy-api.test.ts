import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type EscalationServer, startEscalationServer } from './escalation-server.js';

for (const target of await testDatabases()) {
  describe(`a group's escalation policy on ${target.name}`, { skip: target.skip }, () => {
    let s: EscalationServer;
    let hook: number;
    before(async () => {
      s = await startEscalationServer(target, { engine: false });
      hook = (
        await s.call('POST', '/api/channels', {
          name: 'hook',
          type: 'webhook',
          config: { url: 'http://127.0.0.1:9/x' },
        })
      ).json().id;
    });
    after(() => s.stop());

    test('a group names the policy its members without one follow; an unknown policy is a 422', async () => {
      const policy = (
        await s.call('POST', '/api/escalation-policies', {
          name: 'Group policy',
          steps: [{ after_minutes: 1, channel_ids: [hook] }],
        })
      ).json() as { id: number };
      const created = await s.call('POST', '/api/groups', { name: 'Edge', escalation_policy_id: policy.id });
      assert.equal(created.statusCode, 201, created.body);
      const group = created.json() as { id: number; escalation_policy_id: number | null };
      assert.equal(group.escalation_policy_id, policy.id);
      const bad = await s.call('PUT', `/api/groups/${group.id}`, {
        name: 'Edge',
        escalation_policy_id: 999999,
      });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(
        bad.json().errors.map((e: { path: string }) => e.path),
        ['escalation_policy_id'],
      );
      const listed = (await s.call('GET', '/api/groups')).json() as Array<{
        id: number;
        escalation_policy_id: number | null;
      }>;
      assert.equal(listed.find((g) => g.id === group.id)?.escalation_policy_id, policy.id);
      // PUT replaces: an omitted policy leaves the group without one.
      const cleared = await s.call('PUT', `/api/groups/${group.id}`, { name: 'Edge' });
      assert.equal(cleared.json().escalation_policy_id, null);
      assert.equal((await s.call('DELETE', `/api/groups/${group.id}`)).statusCode, 204);
      assert.equal((await s.call('DELETE', `/api/escalation-policies/${policy.id}`)).statusCode, 204);
    });
  });
}
