import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { type HttpPart, hardenSchema, inputGrammarPlugin } from './input-grammar.js';

const base = { removeAdditional: false, useDefaults: true, allErrors: true } as const;
const pool = AjvCompiler();

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

function buildValidator(
  externalSchemas: Parameters<typeof pool>[0],
  ajvOptions?: Parameters<typeof pool>[1],
) {
  const plugins = [...(ajvOptions?.plugins ?? []), inputGrammarPlugin];
  const strict = pool(externalSchemas, { customOptions: { ...base, coerceTypes: false }, plugins });
  const coercing = pool(externalSchemas, { customOptions: { ...base, coerceTypes: 'array' }, plugins });
  return (route: FastifyRouteSchemaDef<unknown>) => {
    const hardened = { ...route, schema: hardenSchema(route.schema, route.httpPart as HttpPart) };
    return route.httpPart === 'body' ? strict(hardened) : coercing(hardened);
  };
}

/**
 * Fastify options that validate bodies exactly as sent (no type coercion: with it `0`, `""` or
 * `false` silently become `null` in a nullable field and `"60"` passes as 60) while query strings
 * and path parameters, which are always text, are still coerced to their declared types. Every
 * schema also gets the edge grammar of `hardenSchema` (no control characters, decimal integers in
 * range).
 */
export const strictValidation: Pick<FastifyServerOptions, 'ajv' | 'schemaController'> = {
  ajv: { customOptions: { ...base, coerceTypes: 'array' } },
  // Fastify's typings describe the compiler as taking a bare schema; at run time it is handed the
  // route's schema definition (with httpPart), which is what the pool's compilers expect.
  schemaController: { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory } },
};
