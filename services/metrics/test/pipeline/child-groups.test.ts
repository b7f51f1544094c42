import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ChildGroups, trackChildGroup, withChildGroups } from '../../src/pipeline/process/child-groups.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-child-groups-'));
const spawned: ChildProcess[] = [];
after(() => {
  for (const c of spawned) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function sleeper(): ChildProcess {
  const c = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
  spawned.push(c);
  return c;
}

const exited = (c: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((r) =>
    c.exitCode !== null || c.signalCode !== null ? r(c.signalCode) : c.once('exit', (_code, sig) => r(sig)),
  );

describe('child process groups', () => {
  test('a child spawned inside a run is recorded while it runs and forgotten when it exits', async () => {
    const groups = new ChildGroups(join(dir, 'a'), 'host|1|x');
    const c = withChildGroups(groups, () => {
      const child = spawn('sh', ['-c', 'read x'], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
      trackChildGroup(child, 'sh');
      return child;
    });
    const record = JSON.parse(readFileSync(join(dir, 'a', `${c.pid}.json`), 'utf8'));
    assert.deepEqual([record.owner, record.pgid, record.what], ['host|1|x', c.pid, 'sh']);
    c.stdin!.end('\n');
    await new Promise((r) => c.once('close', r));
    assert.deepEqual(readdirSync(join(dir, 'a')), []);
  });

  test('only groups of dead owners are killed, and never a pid reused by another process', async () => {
    const groups = new ChildGroups(join(dir, 'b'), 'dead|1|x');
    const orphan = sleeper();
    const liveOwners = sleeper();
    const reused = sleeper();
    withChildGroups(groups, () => {
      trackChildGroup(orphan, 'orphan');
      trackChildGroup(reused, 'reused');
    });
    new ChildGroups(join(dir, 'b'), 'live|1|x').track(liveOwners, 'live');
    // The pid now names a process that started at another time: not the group that was recorded.
    const file = join(dir, 'b', `${reused.pid}.json`);
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), start: '1' }));

    const killed = groups.reapOrphans((owner) => owner.startsWith('dead|'));
    assert.deepEqual(killed, [{ pgid: orphan.pid, what: 'orphan' }]);
    assert.equal(await exited(orphan), 'SIGKILL');
    assert.equal(liveOwners.exitCode, null);
    assert.equal(reused.exitCode, null);
    assert.deepEqual(readdirSync(join(dir, 'b')), [`${liveOwners.pid}.json`]);
  });
});
