import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';
import { sendError } from '../plugins/error-handler';

// The API refuses what it does not understand (issue 31 §3): a field a request body or query string does
// not declare answers 400 naming it, at any depth, rather than being dropped while the caller believes the
// change was made. Rather than trusting every contract to say z.strictObject, each route's body and
// querystring schema is made strict here, as the route is registered (app.ts), so a new route cannot
// forget. An object that states its own rule for other keys (z.looseObject, a catchall, z.record) keeps it.

type AnyDef = { type: string; [key: string]: unknown };
type Cloneable = ZodType & { clone: (def: AnyDef) => ZodType; _zod: { def: AnyDef } };

const strictCache = new WeakMap<ZodType, ZodType>();

function defOf(schema: ZodType): AnyDef {
  return (schema as Cloneable)._zod.def;
}

function cloneWith(schema: ZodType, changes: Record<string, unknown>): ZodType {
  return (schema as Cloneable).clone({ ...defOf(schema), ...changes });
}

/** `schema` with every object inside it refusing keys it does not declare. */
export function strictRequestSchema<T extends ZodType>(schema: T): T {
  return strict(schema) as T;
}

function strict(schema: ZodType): ZodType {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  const def = defOf(schema);
  let result: ZodType = schema;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, ZodType>;
      const strictShape = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, strict(value)]),
      );
      result = cloneWith(schema, {
        shape: strictShape,
        ...(def.catchall === undefined ? { catchall: z.never() } : {}),
      });
      break;
    }
    case 'array':
      result = cloneWith(schema, { element: strict(def.element as ZodType) });
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      result = cloneWith(schema, { innerType: strict(def.innerType as ZodType) });
      break;
    case 'union':
      result = cloneWith(schema, { options: (def.options as ZodType[]).map(strict) });
      break;
    case 'tuple':
      result = cloneWith(schema, {
        items: (def.items as ZodType[]).map(strict),
        rest: def.rest ? strict(def.rest as ZodType) : def.rest,
      });
      break;
    case 'record':
      result = cloneWith(schema, { valueType: strict(def.valueType as ZodType) });
      break;
    case 'pipe': {
      const input = def.in as ZodType;
      // z.preprocess: the transform comes first, the schema that checks its result second.
      const preprocess = defOf(input).type === 'transform';
      result = cloneWith(schema, {
        in: strict(input),
        out: preprocess ? strict(def.out as ZodType) : def.out,
      });
      break;
    }
    case 'lazy': {
      const getter = def.getter as () => ZodType;
      result = z.lazy(() => strict(getter()));
      break;
    }
    // An intersection's sides each declare only part of the keys: made strict, each would refuse the
    // other's. Left as declared (no request schema uses one).
    default:
      result = schema;
  }
  strictCache.set(schema, result);
  return result;
}

/**
 * A preValidation hook answering 400 when the query string holds parameters `querystring` does not
 * declare, naming each; other problems of the query string are left to the route's validation.
 */
export function refuseUnknownQueryParameters(querystring: ZodType) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = querystring.safeParse(request.query);
    if (result.success) return;
    const details = result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({
            field: [...issue.path, key].join('.'),
            message: issue.message.startsWith('Unrecognized key') ? 'is not a known field' : issue.message,
          }))
        : [],
    );
    if (details.length === 0) return;
    return sendError(
      reply,
      400,
      `Invalid querystring: ${details.map((detail) => detail.field).join(', ')}`,
      details,
    );
  };
}

/**
 * A preValidation hook answering 415 to a body whose media type the route does not declare (a form body
 * sent to a JSON route, say), naming the body and the types it takes. A request without a body passes.
 */
export function refuseUndeclaredMediaTypes(consumes: readonly string[]) {
  const accepted = new Set(consumes.map((type) => type.toLowerCase()));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['content-type'];
    if (header === undefined) return;
    const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
    if (accepted.has(mediaType)) return;
    const list = [...accepted].join(', ');
    return sendError(reply, 415, `The body must be sent as ${list}`, [
      { field: 'body', message: `must be ${list}` },
    ]);
  };
}
