import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WakeableSleep } from '../src/index.js';

test('a wakeable sleep lasts its time unless woken, and a wake with nobody asleep is not kept', async () => {
  const pause = new WakeableSleep();
  let t = performance.now();
  await pause.sleep(30);
  assert.ok(performance.now() - t >= 25, 'slept its time');

  t = performance.now();
  const asleep = pause.sleep(60_000);
  pause.wake();
  await asleep;
  assert.ok(performance.now() - t < 1_000, 'woken at once');

  // Nobody is asleep: the wake is lost, the next sleep lasts its time.
  pause.wake();
  t = performance.now();
  await pause.sleep(30);
  assert.ok(performance.now() - t >= 25, 'a wake before the sleep does not cut it');
});
