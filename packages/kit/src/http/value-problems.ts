import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { FieldProblem } from '../errors/problem.js';
import { type AjvIssue, withSchemas } from './human-message.js';
import { fieldProblems } from './problem-handler.js';

/**
 * Validates `value` against a TypeBox schema outside a route (channel configs, import entries):
 * the same field problems, in the same words, as a route's body gets.
 */
export function valueProblems(schema: TSchema, value: unknown): FieldProblem[] {
  return fieldProblems(withSchemas([...Value.Errors(schema, value)] as AjvIssue[], schema));
}
