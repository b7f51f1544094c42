import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { generate } from 'otplib';
import type { TestServer } from '../helpers/test-server.js';

const STEP_MS = 30_000;

/**
 * The server accepts the current step and one either side; a scenario uses the steps around the
 * one it starts in (-1, 0, +1), so it must not start in the last seconds of a step, where the
 * earliest of them would fall out of the window. Waits for the next step then (a clock event).
 */
export async function freshStep(minRemainingMs = 6_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < minRemainingMs) await delay(left + 50);
}

/** The code of `secret` for the step `offset` steps from `from` (now), computed here with the library. */
export const codeAt = (secret: string, offset = 0, from = Date.now()) =>
  generate({ secret, epoch: Math.floor(from / 1000) + offset * 30 });

export interface Person {
  id: number;
  username: string;
  password: string;
  token: string;
}

let made = 0;

/** A new user of `role`, signed in (a fresh user per scenario keeps codes and throttles apart). */
export async function newPerson(s: TestServer, root: string, role = 'viewer'): Promise<Person> {
  made += 1;
  const username = `person-${made}-${role}`;
  const password = `Correct-Horse-${made}-Battery-Staple`;
  const res = await s.as(root, { method: 'POST', url: '/api/users', payload: { username, password, role } });
  assert.equal(res.statusCode, 201, res.body);
  const token = (await s.login(username, password)).access_token;
  return { id: res.json().id, username, password, token };
}

/** Enrols and confirms with the code of the previous step; returns the seed and recovery codes. */
export async function enable(s: TestServer, p: Person) {
  const enrol = await s.as(p.token, { method: 'POST', url: '/api/auth/two-factor/enrol' });
  assert.equal(enrol.statusCode, 200, enrol.body);
  const secret: string = enrol.json().secret;
  const confirm = await s.as(p.token, {
    method: 'POST',
    url: '/api/auth/two-factor/confirm',
    payload: { code: await codeAt(secret, -1) },
  });
  assert.equal(confirm.statusCode, 200, confirm.body);
  return { secret, recoveryCodes: confirm.json().recovery_codes as string[] };
}

/** The password step; asserts the challenge answer and returns its token. */
export async function passwordStep(s: TestServer, p: Person, remoteAddress?: string): Promise<string> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: p.username, password: p.password },
    ...(remoteAddress && { remoteAddress }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ['mfa_required', 'mfa_token']);
  assert.equal(body.mfa_required, true);
  return body.mfa_token;
}

/** The second step. */
export const mfaStep = (s: TestServer, payload: Record<string, unknown>, remoteAddress?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/login/mfa',
    payload,
    ...(remoteAddress && { remoteAddress }),
  });
