import { dictionary } from '@zxcvbn-ts/language-common';
import { errors } from '../../errors.js';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

// zxcvbn-ts's list of ~49,000 passwords most seen in breaches, kept by that project; read once.
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * What is wrong with `password` for the account `username`, as messages for people; empty when it
 * is acceptable. The rules, kept simple on purpose (length does most of the work):
 * - at least 12 characters (Unicode code points, so an emoji counts once);
 * - not the username, forwards or backwards, in any letter case;
 * - not one of the common passwords of the list, in any letter case.
 */
export function passwordProblems(password: string, username: string): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    problems.push(`must be at least ${PASSWORD_MIN_LENGTH} characters long (it has ${length})`);
  }
  if (length > PASSWORD_MAX_LENGTH) problems.push(`must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  const lower = password.toLowerCase();
  const name = username.toLowerCase();
  if (name !== '' && (lower === name || lower === [...name].reverse().join(''))) {
    problems.push('must not be the username');
  }
  if (COMMON.has(lower)) problems.push('is one of the most common passwords; choose another');
  return problems;
}

/** Throws a 422 naming every problem of the password given in the body field `path`. */
export function assertPasswordAcceptable(password: string, username: string, path: string): void {
  const problems = passwordProblems(password, username);
  if (problems.length === 0) return;
  throw errors.validation_failed(`The ${path.replaceAll('_', ' ')} ${problems.join('; it ')}.`, {
    errors: problems.map((message) => ({ path, message })),
  });
}
