import { type Static, type TSchema, Type } from 'typebox';

/**
 * `schema` or null, as one schema (AJV's `nullable`) rather than a union: a bad value then gets
 * one clear message instead of one per union branch.
 */
export function orNull<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });
}
