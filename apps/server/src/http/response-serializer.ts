import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses are written by serializers compiled once per schema (fast-json-stringify) from the JSON Schema
 * of the route's zod contract, rather than checked by zod and copied at every answer: an inbox page of 50
 * documents went from zod's encode + JSON.stringify to one generated function (issue 18 §3).
 *
 * fast-json-stringify writes what the schema declares and nothing else: unknown properties are dropped (as
 * zod's output drops them), but a value of the wrong type is coerced rather than refused. So with
 * `checkAgainstContract` (tests, NODE_ENV=test) every answer is also checked by zod as before, and the
 * compiled output must equal zod's (parsed and compared): a drift between the data and the contract, or a
 * contract the conversion renders wrongly, fails the test that made the request.
 */
export type ResponseSerializerOptions = { checkAgainstContract: boolean };

type Serialize = (data: unknown) => string;

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is one schema, and those whose value is a list or a map of schemas. */
const SCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
];
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', '$defs'];
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', '$ref', 'const', 'not'];

/**
 * Adjusts zod's JSON Schema (draft-7, output side) for serialization:
 * - `additionalProperties: false` goes: the serializer drops unknown properties by itself, and a union's
 *   branch is then chosen as zod chooses it (the first whose declared properties fit), not refused for a
 *   property that zod would have stripped;
 * - a nullable value (`anyOf: [X, {type: 'null'}]`, which the serializer resolves by validating each
 *   branch at every answer) becomes `type: [X's type, 'null']` where X is a plain typed schema.
 */
export function toSerializerSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toSerializerSchema);
  if (!isSchema(schema)) return schema;
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'additionalProperties' && value === false) continue;
    if (SCHEMA_MAP_KEYWORDS.includes(keyword) && isSchema(value)) {
      result[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, toSerializerSchema(sub)]),
      );
    } else if (
      (SCHEMA_KEYWORDS.includes(keyword) && isSchema(value)) ||
      (SCHEMA_LIST_KEYWORDS.includes(keyword) && Array.isArray(value))
    ) {
      result[keyword] = toSerializerSchema(value);
    } else {
      result[keyword] = value;
    }
  }
  return mergeNullable(result);
}

function mergeNullable(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const nullIndex = branches.findIndex(
    (branch) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
  );
  const other = branches[1 - nullIndex];
  if (nullIndex === -1 || !isSchema(other) || typeof other.type !== 'string') return schema;
  if (COMBINATORS.some((keyword) => keyword in other)) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  const merged: JsonSchema = { ...other, ...rest, type: [other.type, 'null'] };
  if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
  return merged;
}

/** The JSON Schema a zod response schema is serialized by; it throws for one that cannot be rendered. */
export function toResponseJsonSchema(schema: z.ZodType): unknown {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    // A value JSON Schema cannot describe (a Date, a custom type) is written by JSON.stringify, as before.
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    // No shared definitions by id (Document, Error): each schema inline, so unions see plain branches.
    metadata: z.registry(),
  });
  return toSerializerSchema(jsonSchema);
}

const compiled = new WeakMap<z.ZodType, Serialize>();

/** The compiled serializer of a zod schema, built once however many routes and statuses share it. */
export function compileResponseSerializer(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    // fast-json-stringify's options type does not name the draft-7 keywords zod writes; the schema is
    // plain JSON Schema.
    serialize = fastJson(toResponseJsonSchema(schema) as Parameters<typeof fastJson>[0]) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}

function resolveZodSchema(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  if (isSchema(schema) && schema.properties instanceof z.ZodType) return schema.properties;
  return undefined;
}

/** A difference between what the compiled serializer wrote and the contract's own output. */
export class CompiledSerializerMismatchError extends Error {
  override readonly name = 'CompiledSerializerMismatchError';
}

export function createResponseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveZodSchema(maybeSchema);
    if (!schema) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
    const serialize = compileResponseSerializer(schema);
    if (!options.checkAgainstContract) return serialize;
    return (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const json = serialize(data);
      const expected: unknown = JSON.parse(JSON.stringify(result.data) ?? 'null');
      if (!isDeepStrictEqual(JSON.parse(json), expected)) {
        throw new CompiledSerializerMismatchError(
          `${method} ${url}: the compiled serializer wrote ${json.slice(0, 2000)}\nwhere the contract's output is ${JSON.stringify(expected).slice(0, 2000)}`,
        );
      }
      return json;
    };
  };
}
