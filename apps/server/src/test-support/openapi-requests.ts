import fc from 'fast-check';
import {
  MALFORMED_BODIES,
  NASTY_CONTENT_TYPES,
  nastyJsonValue,
  nastyPathSegment,
  nastyQueryValue,
  nastyString,
  percentEncode,
  RawJson,
  SWEEP_VALUES,
  showText,
  showValue,
  toJsonText,
} from './bad-values';

// Requests for property-based tests, derived from the OpenAPI document the app serves: for each operation,
// a request that looks valid (its values generated from the operation's schemas and from values that exist
// in the test's database), with zero to two places made bad (a path segment, a query parameter, a body
// field, the whole body, its encoding or content type).

/** The JSON Schema subset the document uses. */
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

type DocumentParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
export type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: DocumentParameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

export type Parameter = { name: string; required: boolean; schema: JsonSchema };

export type Operation = {
  method: string;
  /** The document's path template: '/api/reports/{id}'. */
  path: string;
  /** 'PATCH /api/reports/{id}' */
  key: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** The body's schema and the first media type the document declares for it. */
  body: { schema: JsonSchema; mediaType: string } | undefined;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document. */
export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required === true,
            schema: parameter.schema ?? {},
          }));
      const content = operation.requestBody?.content ?? {};
      const [firstMediaType] = Object.keys(content);
      operations.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParameters: parameters('path'),
        queryParameters: parameters('query'),
        body: firstMediaType
          ? { schema: content[firstMediaType]?.schema ?? {}, mediaType: firstMediaType }
          : undefined,
      });
    }
  }
  return operations;
}

/** The Fastify route pattern of a document path: '/api/reports/{id}' → '/api/reports/:id'. */
export function routeUrlOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

// ——— Values from a schema ———

export type Where = 'path' | 'query' | 'body';
/** Values that look valid for a parameter or field of this name (ids that exist, NPIs…), or none. */
export type Hints = (name: string, where: Where) => readonly string[] | undefined;

const LOOKAHEAD = /\(\?[=!](?:[^()\\]|\\.)*\)/g;

function stringFromPattern(pattern: string): fc.Arbitrary<string> {
  const expression = new RegExp(pattern);
  try {
    return fc.stringMatching(expression);
  } catch {
    // fast-check cannot generate from lookaheads: generate without them and keep what matches.
    const relaxed = new RegExp(pattern.replace(LOOKAHEAD, ''));
    return fc.stringMatching(relaxed).filter((text) => expression.test(text));
  }
}

/** Ordinary text: mostly letters, sometimes beyond Latin-1, sometimes exactly as long as allowed. */
function plainString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 1000;
  const choices: fc.WeightedArbitrary<string>[] = [
    {
      weight: 4,
      arbitrary: fc.string({
        unit: 'grapheme-ascii',
        minLength,
        maxLength: Math.max(minLength, Math.min(maxLength, 24)),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.string({
        unit: 'grapheme',
        minLength,
        maxLength: Math.max(minLength, Math.min(maxLength, 12)),
      }),
    },
  ];
  const names = ['Łukasz Żółć', 'Luis Żółć', 'Zoë O’Brien', '日本語', '🫀 ok'].filter(
    (text) => text.length >= minLength && text.length <= maxLength,
  );
  if (names.length) choices.push({ weight: 2, arbitrary: fc.constantFrom(...names) });
  if (maxLength <= 20_000) choices.push({ weight: 1, arbitrary: fc.constant('ż'.repeat(maxLength)) });
  return fc.oneof(...choices);
}

export type SchemaOptions = {
  /** The parameter's or field's name, for the hints. */
  name?: string;
  where: Where;
  hints: Hints;
  /** The plainest valid-looking value: required fields only, hinted values only, no nulls. */
  plain?: boolean;
};

/** A value the schema accepts (as far as the JSON Schema says: routes check more than it can express). */
export function arbitraryFromSchema(schema: JsonSchema, options: SchemaOptions): fc.Arbitrary<unknown> {
  const base = baseArbitrary(schema, options);
  return schema.nullable && !options.plain
    ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function baseArbitrary(schema: JsonSchema, options: SchemaOptions): fc.Arbitrary<unknown> {
  const { name, where, hints, plain } = options;
  const hinted = name !== undefined ? hints(name, where) : undefined;
  if (schema.anyOf?.length)
    return fc.oneof(...schema.anyOf.map((option) => arbitraryFromSchema(option, options)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      let generated: fc.Arbitrary<string>;
      if (schema.format === 'uuid') generated = fc.uuid();
      else if (schema.pattern) generated = stringFromPattern(schema.pattern);
      else if (schema.format === 'uri') generated = fc.webUrl();
      else if (schema.format === 'date-time')
        generated = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      else generated = plainString(schema);
      if (!hinted?.length) return generated;
      if (plain) return fc.constantFrom(...hinted);
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...hinted) },
        { weight: 1, arbitrary: generated },
      );
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryFromSchema(schema.items ?? {}, options), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [
          key,
          arbitraryFromSchema(property, { ...options, name: key }),
        ]),
      );
      const required = (schema.required ?? []).filter((key) => key in properties);
      const known = plain
        ? fc.record(Object.fromEntries(required.map((key) => [key, model[key] as fc.Arbitrary<unknown>])))
        : fc.record(model, { requiredKeys: required });
      const extra = schema.additionalProperties;
      if (extra === undefined || extra === false || Object.keys(properties).length > 0) return known;
      const values = extra === true ? fc.jsonValue({ maxDepth: 2 }) : arbitraryFromSchema(extra, options);
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 4 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The paths of a body's fields, down to fields of array items: [['note'], ['ids', 0], ['roles', 0, 'role']]. */
export function fieldPaths(schema: JsonSchema, depth = 0): (string | number)[][] {
  if (depth > 2) return [];
  const paths: (string | number)[][] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    paths.push([key]);
    for (const option of [property, ...(property.anyOf ?? [])]) {
      if (option.type === 'object')
        for (const inner of fieldPaths(option, depth + 1)) paths.push([key, ...inner]);
      if (option.type === 'array') {
        paths.push([key, 0]);
        if (option.items?.type === 'object')
          for (const inner of fieldPaths(option.items, depth + 1)) paths.push([key, 0, ...inner]);
      }
    }
  }
  return paths;
}

const OMIT = Symbol('omit');

/** A copy of `value` with the field at `path` set (or removed with OMIT), making containers on the way. */
function setAtPath(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : value !== null && typeof value === 'object' && !(value instanceof RawJson)
      ? { ...(value as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const record = container as Record<string | number, unknown>;
  const next = rest.length === 0 ? replacement : setAtPath(record[head], rest, replacement);
  if (next !== OMIT) {
    // Defined, not assigned: a key named __proto__ must be sent as a field, not change the prototype.
    Object.defineProperty(container, head, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else if (Array.isArray(container)) container.splice(Number(head), 1);
  else delete record[head];
  return container;
}

// ——— Multipart ———

export type MultipartSpec = {
  /** The file field the route reads ('file', 'pdfFiles'). */
  fileField: string;
  /** The form fields, when the route reads any. */
  fields?: JsonSchema;
  /** A file the route accepts. */
  file: Uint8Array;
};

type FieldPart = { name: string; value: string; encoding: 'utf8' | 'utf16le' };
type FilePart = { name: string; filename: string; contentType: string; bytes: Uint8Array };
type MultipartBody = {
  fields: FieldPart[];
  files: FilePart[];
  boundary: string;
  /** The content type header; by default multipart/form-data with the boundary. */
  contentType?: string;
  /** Damage done to the encoded body. */
  malformation?: Malformation;
};
type Malformation =
  | 'no closing boundary'
  | 'LF line endings'
  | 'truncated'
  | 'header without colon'
  | 'no disposition'
  | 'non-ASCII field name';

function encodeMultipart(body: MultipartBody): Buffer {
  const newline = body.malformation === 'LF line endings' ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  const header = (lines: string[]) => Buffer.from(lines.join(newline) + newline + newline, 'utf8');
  for (const field of body.fields) {
    const lines = [`--${body.boundary}`];
    if (body.malformation === 'header without colon') lines.push('Content-Disposition form-data');
    else if (body.malformation !== 'no disposition')
      lines.push(
        `Content-Disposition: form-data; name="${body.malformation === 'non-ASCII field name' ? `Łódź-${field.name}` : field.name}"`,
      );
    if (field.encoding === 'utf16le') lines.push('Content-Type: text/plain; charset=utf-16le');
    chunks.push(header(lines), Buffer.from(field.value, field.encoding), Buffer.from(newline));
  }
  for (const file of body.files) {
    chunks.push(
      header([
        `--${body.boundary}`,
        `Content-Disposition: form-data; name="${file.name}"; filename="${file.filename}"`,
        `Content-Type: ${file.contentType}`,
      ]),
      Buffer.from(file.bytes),
      Buffer.from(newline),
    );
  }
  if (body.malformation !== 'no closing boundary') chunks.push(Buffer.from(`--${body.boundary}--${newline}`));
  const encoded = Buffer.concat(chunks);
  return body.malformation === 'truncated' ? encoded.subarray(0, Math.floor(encoded.length / 2)) : encoded;
}

// ——— Requests ———

type Body =
  | { kind: 'none' }
  | { kind: 'json' | 'form'; value: unknown; contentType: string }
  | { kind: 'raw'; payload: string | Buffer; contentType: string | undefined }
  | { kind: 'multipart'; multipart: MultipartBody };

type Draft = {
  path: Record<string, string>;
  /** Encoded key and value; a value of undefined sends the bare key. */
  query: [string, string | undefined][];
  body: Body;
  /** What was made bad. */
  changes: string[];
};

type Mutation = { note: string; apply: (draft: Draft) => Draft };

/** One request, as app.inject sends it, printable as exactly what was sent. */
export class GeneratedRequest {
  constructor(
    readonly operation: string,
    readonly method: string,
    readonly url: string,
    readonly contentType: string | undefined,
    readonly payload: string | Buffer | undefined,
    readonly changes: readonly string[],
  ) {}

  describe(): string {
    const lines = [`${this.method} ${showText(this.url, 500).slice(1, -1)}`];
    if (this.contentType !== undefined) lines.push(`content-type: ${this.contentType}`);
    if (this.payload !== undefined) {
      const text = typeof this.payload === 'string' ? this.payload : this.payload.toString('latin1');
      lines.push(
        `body (${this.payload.length} ${typeof this.payload === 'string' ? 'chars' : 'bytes'}): ${showText(text, 600)}`,
      );
    }
    lines.push(`made bad: ${this.changes.length ? this.changes.join('; ') : 'nothing'}`);
    return lines.join('\n');
  }

  /** How fast-check prints it in a counterexample: the request line and what was made bad. */
  [fc.toStringMethod]() {
    return `${this.method} ${showText(this.url, 200)} (${this.contentType ?? 'no content type'}; made bad: ${this.changes.join('; ') || 'nothing'})`;
  }
}

function formEncode(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || typeof value !== 'object') return percentEncode(String(value));
  const pairs: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    for (const element of Array.isArray(item) ? item : [item]) {
      const text =
        element !== null && typeof element === 'object' ? toJsonText(element) : String(element ?? '');
      pairs.push(`${percentEncode(key)}=${percentEncode(text)}`);
    }
  }
  return pairs.join('&');
}

function encodeBody(body: Body): { contentType?: string | undefined; payload?: string | Buffer } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { contentType: body.contentType, payload: toJsonText(body.value) };
    case 'form':
      return { contentType: body.contentType, payload: formEncode(body.value) };
    case 'raw':
      return { contentType: body.contentType, payload: body.payload };
    case 'multipart':
      return {
        contentType: body.multipart.contentType ?? `multipart/form-data; boundary=${body.multipart.boundary}`,
        payload: encodeMultipart(body.multipart),
      };
  }
}

function finish(operation: Operation, draft: Draft): GeneratedRequest {
  let url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => draft.path[name] ?? '');
  if (draft.query.length)
    url += `?${draft.query.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join('&')}`;
  const { contentType, payload } = encodeBody(draft.body);
  return new GeneratedRequest(operation.key, operation.method, url, contentType, payload, draft.changes);
}

export type RequestOptions = {
  hints: Hints;
  /** For routes that read multipart/form-data themselves (the document cannot describe their body). */
  multipart?: MultipartSpec;
  /** Body field schemas the document cannot express, such as a record the route parses further. */
  bodyFieldSchemas?: Record<string, JsonSchema>;
  /** For routes whose body is in a format of its own (an HL7 message, a PDF): valid samples to start from. */
  textBody?: TextBodySpec;
};

/** A body in a format of its own: text (an HL7 message) or bytes (a PDF), with valid samples to start from. */
export type TextBodySpec = { contentType: string; samples: readonly (string | Buffer)[] };

function withBodyFieldSchemas(
  schema: JsonSchema,
  overrides: Record<string, JsonSchema> | undefined,
): JsonSchema {
  if (!overrides) return schema;
  return { ...schema, properties: { ...schema.properties, ...overrides } };
}

function multipartBase(spec: MultipartSpec, hints: Hints, plain: boolean): fc.Arbitrary<MultipartBody> {
  const fields = spec.fields
    ? (arbitraryFromSchema(spec.fields, { where: 'body', hints, plain }) as fc.Arbitrary<
        Record<string, unknown>
      >)
    : fc.constant({});
  return fields.map((values) => ({
    fields: Object.entries(values).map(([name, value]) => ({
      name,
      value: String(value),
      encoding: 'utf8' as const,
    })),
    files: [
      { name: spec.fileField, filename: 'report.pdf', contentType: 'application/pdf', bytes: spec.file },
    ],
    boundary: '----portal-fuzz',
  }));
}

function onMultipart(note: string, change: (body: MultipartBody) => MultipartBody): Mutation {
  return {
    note,
    apply: (draft) =>
      draft.body.kind === 'multipart'
        ? { ...draft, body: { kind: 'multipart', multipart: change(draft.body.multipart) } }
        : draft,
  };
}

function setMultipartField(name: string, value: string, encoding: FieldPart['encoding']): Mutation {
  return onMultipart(`field ${name}=${showText(value, 60)} (${encoding})`, (body) => ({
    ...body,
    fields: [...body.fields.filter((field) => field.name !== name), { name, value, encoding }],
  }));
}

function multipartMutations(spec: MultipartSpec): fc.Arbitrary<Mutation>[] {
  const fieldNames = Object.keys(spec.fields?.properties ?? {});
  const mutations: fc.Arbitrary<Mutation>[] = [
    fc
      .constantFrom<Malformation>(
        'no closing boundary',
        'LF line endings',
        'truncated',
        'header without colon',
        'no disposition',
        'non-ASCII field name',
      )
      .map((malformation) => onMultipart(`multipart ${malformation}`, (body) => ({ ...body, malformation }))),
    fc
      .constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=other',
        'multipart/form-data; boundary=',
        'multipart/mixed; boundary=----portal-fuzz',
      )
      .map((contentType) => onMultipart(`content-type ${contentType}`, (body) => ({ ...body, contentType }))),
    fc
      .tuple(
        fc.constantFrom(spec.fileField, 'other', ''),
        fc.constantFrom(
          'report.pdf',
          'Łukasz Żółć.pdf',
          '../../../etc/passwd',
          'a"b.pdf',
          '',
          'x'.repeat(2000),
        ),
        fc.constantFrom('application/pdf', 'text/plain', 'application/octet-stream'),
        fc.constantFrom<[string, Uint8Array]>(
          ['the PDF', spec.file],
          ['no bytes', new Uint8Array()],
          ['text', Buffer.from('not a PDF at all')],
          ['half a PDF', spec.file.subarray(0, Math.floor(spec.file.length / 2))],
          ['a PDF header only', Buffer.from('%PDF-1.7\n%%EOF\n')],
        ),
        fc.constantFrom('replace', 'add', 'remove'),
      )
      .map(([name, filename, contentType, [label, bytes], how]) =>
        onMultipart(`file ${how}: ${name}/${showText(filename, 40)}/${contentType}/${label}`, (body) => {
          const file = { name, filename, contentType, bytes };
          if (how === 'remove') return { ...body, files: [] };
          return { ...body, files: how === 'add' ? [...body.files, file] : [file] };
        }),
      ),
    fc
      .tuple(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }), nastyString)
      .map(([name, value]) =>
        onMultipart(`unknown field ${name}=${showText(value, 40)}`, (body) => ({
          ...body,
          fields: [...body.fields, { name, value, encoding: 'utf8' }],
        })),
      ),
  ];
  if (fieldNames.length) {
    mutations.push(
      fc
        .tuple(
          fc.constantFrom(...fieldNames),
          nastyString,
          fc.constantFrom<'utf8' | 'utf16le'>('utf8', 'utf16le'),
        )
        .map(([name, value, encoding]) => setMultipartField(name, value, encoding)),
      fc.constantFrom(...fieldNames).map((name) =>
        onMultipart(`field ${name} missing`, (body) => ({
          ...body,
          fields: body.fields.filter((field) => field.name !== name),
        })),
      ),
    );
  }
  return mutations;
}

/** Whether a string has no unpaired surrogate (UTF-8 can carry it). */
function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

function multipartSweep(spec: MultipartSpec): Mutation[] {
  return Object.keys(spec.fields?.properties ?? {}).flatMap((name) =>
    // An unpaired surrogate cannot be sent as UTF-8: a part declared UTF-16 carries it.
    SWEEP_VALUES.map((text) => setMultipartField(name, text, isWellFormed(text) ? 'utf8' : 'utf16le')),
  );
}

type RequestParts = {
  /** A request that looks valid. */
  base: fc.Arbitrary<Draft>;
  /** The plainest request that looks valid: what the sweep changes one place of. */
  plainBase: fc.Arbitrary<Draft>;
  /** One place made bad, of any kind. */
  mutations: fc.Arbitrary<Mutation>[];
  /** Each location (path and query parameter, body or form field) set to each of SWEEP_VALUES. */
  sweep: Mutation[];
};

function applyMutations(draft: Draft, mutations: readonly Mutation[]): Draft {
  let result = draft;
  for (const mutation of mutations)
    result = { ...mutation.apply(result), changes: [...result.changes, mutation.note] };
  return result;
}

/** A request that looks valid; `plain`, the plainest one: hinted values, required parts only, JSON. */
function draftArbitrary(
  operation: Operation,
  options: RequestOptions,
  bodySchema: JsonSchema | undefined,
  plain: boolean,
): fc.Arbitrary<Draft> {
  const { hints } = options;
  const path = fc.record(
    Object.fromEntries(
      operation.pathParameters.map((parameter) => [
        parameter.name,
        arbitraryFromSchema(parameter.schema, { name: parameter.name, where: 'path', hints, plain }).map(
          (value) => percentEncode(String(value)),
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;

  const query = fc
    .tuple(
      ...operation.queryParameters
        .filter((parameter) => parameter.required || !plain)
        .map((parameter) => {
          const value = arbitraryFromSchema(parameter.schema, {
            name: parameter.name,
            where: 'query',
            hints,
            plain,
          }).map((generated): [string, string] => [
            percentEncode(parameter.name),
            percentEncode(String(generated)),
          ]);
          return parameter.required ? value : fc.option(value, { freq: 3, nil: undefined });
        }),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== undefined));

  let body: fc.Arbitrary<Body> = fc.constant({ kind: 'none' });
  if (options.textBody) {
    const { contentType, samples } = options.textBody;
    body = fc.constantFrom(...samples).map((payload): Body => ({ kind: 'raw', payload, contentType }));
  } else if (options.multipart) {
    body = multipartBase(options.multipart, hints, plain).map((multipart) => ({
      kind: 'multipart',
      multipart,
    }));
  } else if (bodySchema) {
    const value = arbitraryFromSchema(bodySchema, { where: 'body', hints, plain });
    const json = value.map(
      (generated): Body => ({ kind: 'json', value: generated, contentType: 'application/json' }),
    );
    // Every route also parses form bodies (@fastify/formbody is registered for the whole app).
    const form = value.map(
      (generated): Body => ({
        kind: 'form',
        value: generated,
        contentType: 'application/x-www-form-urlencoded',
      }),
    );
    body = plain ? json : fc.oneof({ weight: 4, arbitrary: json }, { weight: 1, arbitrary: form });
  }
  return fc.record({ path, query, body }).map((parts): Draft => ({ ...parts, changes: [] }));
}

function requestParts(operation: Operation, options: RequestOptions): RequestParts {
  const bodySchema = operation.body
    ? withBodyFieldSchemas(operation.body.schema, options.bodyFieldSchemas)
    : undefined;

  const base = draftArbitrary(operation, options, bodySchema, false);
  const plainBase = draftArbitrary(operation, options, bodySchema, true);

  const mutations: fc.Arbitrary<Mutation>[] = [];
  const sweep: Mutation[] = [];

  const setPath = (name: string, segment: string): Mutation => ({
    note: `path ${name}=${showText(segment, 60)}`,
    apply: (draft) => ({ ...draft, path: { ...draft.path, [name]: segment } }),
  });
  for (const parameter of operation.pathParameters) {
    mutations.push(nastyPathSegment.map((segment) => setPath(parameter.name, segment)));
    for (const text of SWEEP_VALUES) sweep.push(setPath(parameter.name, percentEncode(text)));
  }

  const setQuery = (name: string, values: (string | undefined)[], label: string): Mutation => {
    const key = percentEncode(name);
    return {
      note: `query ${name}: ${showText(label, 60)}`,
      apply: (draft) => ({
        ...draft,
        query: [
          ...draft.query.filter(([existing]) => existing !== key),
          ...values.map((value): [string, string | undefined] => [key, value]),
        ],
      }),
    };
  };
  for (const parameter of operation.queryParameters) {
    mutations.push(
      fc
        .oneof(
          nastyQueryValue.map((value) => ({ values: [value] as (string | undefined)[], label: value })),
          fc.array(nastyQueryValue, { minLength: 2, maxLength: 3 }).map((values) => ({
            values: values as (string | undefined)[],
            label: `repeated ${values.join(', ')}`,
          })),
          fc.constant({ values: [undefined] as (string | undefined)[], label: 'bare key' }),
          fc.constant({ values: [] as (string | undefined)[], label: 'missing' }),
        )
        .map(({ values, label }) => setQuery(parameter.name, values, label)),
    );
    for (const text of SWEEP_VALUES)
      sweep.push(setQuery(parameter.name, [percentEncode(text)], percentEncode(text)));
  }
  mutations.push(
    fc
      .tuple(
        fc.constantFrom(
          'unknown',
          'filter[unknown]',
          '__proto__',
          'constructor',
          '%00',
          'page[offset]',
          'a[b][c]',
        ),
        nastyQueryValue,
      )
      .map(([name, value]) => ({
        note: `extra query ${name}=${showText(value, 40)}`,
        apply: (draft) => ({ ...draft, query: [...draft.query, [name, value]] }),
      })),
  );

  const onValueBody = (note: string, change: (value: unknown) => unknown): Mutation => ({
    note,
    apply: (draft) =>
      draft.body.kind === 'json' || draft.body.kind === 'form'
        ? { ...draft, body: { ...draft.body, value: change(draft.body.value) } }
        : { ...draft, body: { kind: 'json', value: change({}), contentType: 'application/json' } },
  });
  const setField = (path: (string | number)[], value: unknown) =>
    onValueBody(`body ${path.join('.')}=${showValue(value)}`, (body) => setAtPath(body, path, value));
  if (bodySchema) {
    const paths = fieldPaths(bodySchema);
    if (paths.length) {
      mutations.push(
        // Text in a field is what most often reaches the database: drawn more often than other bad values.
        fc.tuple(fc.constantFrom(...paths), nastyString).map(([path, value]) => setField(path, value)),
        fc.tuple(fc.constantFrom(...paths), nastyJsonValue).map(([path, value]) => setField(path, value)),
        fc
          .constantFrom(...paths)
          .map((path) =>
            onValueBody(`body ${path.join('.')} missing`, (body) => setAtPath(body, path, OMIT)),
          ),
      );
    }
    for (const path of paths) for (const text of SWEEP_VALUES) sweep.push(setField(path, text));
    mutations.push(
      fc
        .tuple(
          fc.constantFrom('unknownField', '__proto__', 'id', 'clinicNpi', 'status', 'createdAt'),
          nastyJsonValue,
        )
        .map(([key, value]) =>
          onValueBody(`extra body field ${key}=${showValue(value)}`, (body) => setAtPath(body, [key], value)),
        ),
    );
  }
  // Any operation may be sent a body, of any shape or encoding.
  mutations.push(
    nastyJsonValue.map((value) => ({
      note: `body ${showValue(value)}`,
      apply: (draft) => ({ ...draft, body: { kind: 'json', value, contentType: 'application/json' } }),
    })),
    fc
      .tuple(
        fc.constantFrom(...MALFORMED_BODIES),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
      )
      .map(([payload, contentType]) => ({
        note: `raw ${contentType} body ${typeof payload === 'string' ? showText(payload, 60) : `bytes ${payload.toString('hex').slice(0, 40)}`}`,
        apply: (draft) => ({ ...draft, body: { kind: 'raw', payload, contentType } }),
      })),
    fc.constantFrom(...NASTY_CONTENT_TYPES).map((contentType) => ({
      note: `content-type ${contentType}`,
      apply: (draft): Draft => {
        const body = draft.body;
        if (body.kind === 'json' || body.kind === 'form') return { ...draft, body: { ...body, contentType } };
        if (body.kind === 'multipart')
          return { ...draft, body: { kind: 'multipart', multipart: { ...body.multipart, contentType } } };
        if (body.kind === 'raw') return { ...draft, body: { ...body, contentType } };
        return { ...draft, body: { kind: 'raw', payload: '{}', contentType } };
      },
    })),
  );
  if (options.textBody) mutations.push(...textBodyMutations(options.textBody));
  if (options.multipart) {
    mutations.push(...multipartMutations(options.multipart));
    sweep.push(...multipartSweep(options.multipart));
  }
  return { base, plainBase, mutations, sweep };
}

/**
 * A text body made bad in place: a nasty string put in, a slice cut out, a line (segment) dropped or
 * repeated. A body of bytes is changed the same way, byte by byte (the string put in as UTF-8).
 */
function textBodyMutations(spec: TextBodySpec): fc.Arbitrary<Mutation>[] {
  type Change = {
    text: (text: string) => string;
    bytes: (bytes: Buffer) => Buffer;
  };
  const onBody = (note: string, change: Change): Mutation => ({
    note,
    apply: (draft) => {
      const payload = draft.body.kind === 'raw' ? draft.body.payload : '';
      const changed = Buffer.isBuffer(payload) ? change.bytes(payload) : change.text(payload);
      return { ...draft, body: { kind: 'raw', payload: changed, contentType: spec.contentType } };
    },
  });
  const at = (length: number, position: number) => (length === 0 ? 0 : position % (length + 1));
  return [
    fc.tuple(nastyString, fc.nat({ max: 1_000_000 })).map(([value, position]) =>
      onBody(`body: ${showText(value, 40)} put in at ${position}`, {
        text: (text) => {
          const index = at(text.length, position);
          return `${text.slice(0, index)}${value}${text.slice(index)}`;
        },
        bytes: (bytes) => {
          const index = at(bytes.length, position);
          return Buffer.concat([bytes.subarray(0, index), Buffer.from(value, 'utf8'), bytes.subarray(index)]);
        },
      }),
    ),
    fc.tuple(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 40 })).map(([position, length]) =>
      onBody(`body: ${length} characters cut at ${position}`, {
        text: (text) => {
          const index = at(text.length, position);
          return `${text.slice(0, index)}${text.slice(index + length)}`;
        },
        bytes: (bytes) => {
          const index = at(bytes.length, position);
          return Buffer.concat([bytes.subarray(0, index), bytes.subarray(index + length)]);
        },
      }),
    ),
    fc.tuple(fc.nat({ max: 1000 }), fc.boolean()).map(([line, repeat]) => {
      const edit = <T>(lines: T[]) => {
        const index = lines.length === 0 ? 0 : line % lines.length;
        lines.splice(index, repeat ? 0 : 1, ...(repeat ? [lines[index] as T] : []));
        return lines;
      };
      return onBody(`body: line ${line} ${repeat ? 'repeated' : 'dropped'}`, {
        text: (text) => edit(text.split('\r')).join('\r'),
        bytes: (bytes) => Buffer.from(edit(bytes.toString('latin1').split('\n')).join('\n'), 'latin1'),
      });
    }),
    fc.nat({ max: 1_000_000 }).map((position) =>
      onBody(`body: cut short at ${position}`, {
        text: (text) => text.slice(0, at(text.length, position)),
        bytes: (bytes) => bytes.subarray(0, at(bytes.length, position)),
      }),
    ),
  ];
}

/**
 * Requests for one operation: values from its schemas and the hints, with zero to two places made bad.
 * Everything it sends is in the GeneratedRequest, which prints as the request.
 */
export function requestArbitrary(
  operation: Operation,
  options: RequestOptions,
): fc.Arbitrary<GeneratedRequest> {
  const { base, mutations } = requestParts(operation, options);
  const chosen = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 6, arbitrary: fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 2 }) },
  );
  return fc.tuple(base, chosen).map(([draft, applied]) => finish(operation, applyMutations(draft, applied)));
}

/**
 * The sweep: for every path and query parameter and every body (or multipart) field, one request with that
 * place set to each of SWEEP_VALUES, the rest as plain as can be, so the value reaches the route's work.
 */
export function sweepRequests(
  operation: Operation,
  options: RequestOptions,
  seed: number,
): GeneratedRequest[] {
  const { plainBase, sweep } = requestParts(operation, options);
  if (sweep.length === 0) return [];
  const drafts = fc.sample(plainBase, { seed, numRuns: sweep.length });
  return sweep.map((mutation, index) =>
    finish(operation, applyMutations(drafts[index] as Draft, [mutation])),
  );
}

// ——— Unknown fields (issue 31 §3) ———

type StrictObjectAt = { path: (string | number)[]; declared: Set<string> };

/**
 * The objects in a body value whose schema refuses keys it does not declare, at every depth, with the
 * keys each declares: where an unknown field must be refused.
 */
export function strictObjectsIn(
  schema: JsonSchema,
  value: unknown,
  path: (string | number)[] = [],
): StrictObjectAt[] {
  const options = schema.anyOf?.length ? schema.anyOf : [schema];
  const found: StrictObjectAt[] = [];
  if (Array.isArray(value)) {
    const items = options.flatMap((option) => (option.items ? [option.items] : []));
    if (items.length === 0) return found;
    const itemSchema = items.length === 1 ? (items[0] as JsonSchema) : { anyOf: items };
    for (const [index, item] of value.entries())
      found.push(...strictObjectsIn(itemSchema, item, [...path, index]));
    return found;
  }
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return found;
  const objects = options.filter((option) => option.type === 'object' || option.properties !== undefined);
  if (objects.length === 0) return found;
  if (objects.every((option) => option.additionalProperties === false))
    found.push({
      path,
      declared: new Set(objects.flatMap((option) => Object.keys(option.properties ?? {}))),
    });
  for (const [key, item] of Object.entries(value)) {
    const children = objects.flatMap((option) => (option.properties?.[key] ? [option.properties[key]] : []));
    if (children.length === 0) continue;
    const childSchema = children.length === 1 ? (children[0] as JsonSchema) : { anyOf: children };
    found.push(...strictObjectsIn(childSchema, item, [...path, key]));
  }
  return found;
}

const UNKNOWN_KEYS = ['unknownField', 'override', 'extra_field', 'isAdmin', 'zz'];
const UNKNOWN_VALUES: unknown[] = ['x', 1, true, { a: 'b' }, ['y']];

/**
 * Requests that look valid (the plainest: hinted values, required fields, JSON) with one field no schema
 * declares added: in the body, in any object at any depth whose schema refuses unknown keys, or in the
 * query string. `field` is the name the 400 must give it (`details[].field`): 'override.firstName'.
 * Undefined for routes whose body the document cannot describe (multipart, a format of its own).
 */
export function unknownFieldRequestArbitrary(
  operation: Operation,
  options: RequestOptions,
): fc.Arbitrary<{ request: GeneratedRequest; field: string }> | undefined {
  if (options.multipart || options.textBody) return undefined;
  const bodySchema = operation.body
    ? withBodyFieldSchemas(operation.body.schema, options.bodyFieldSchemas)
    : undefined;
  const plain = draftArbitrary(operation, options, bodySchema, true);
  return fc
    .tuple(plain, fc.nat(), fc.constantFrom(...UNKNOWN_KEYS), fc.constantFrom(...UNKNOWN_VALUES))
    .map(([draft, pick, key, value]) => {
      const targets: { where: 'query' | (string | number)[]; declared: Set<string> }[] = [
        { where: 'query', declared: new Set(operation.queryParameters.map((parameter) => parameter.name)) },
      ];
      if (draft.body.kind === 'json' && bodySchema)
        // A form is flat: only its top level can carry a field.
        for (const found of strictObjectsIn(bodySchema, draft.body.value))
          if (operation.body?.mediaType !== 'application/x-www-form-urlencoded' || found.path.length === 0)
            targets.push({ where: found.path, declared: found.declared });
      const target = targets[pick % targets.length] as (typeof targets)[number];
      const name = [key, `${key}2`, `${key}_unknown`].find(
        (candidate) => !target.declared.has(candidate),
      ) as string;
      if (target.where === 'query') {
        const form = operation.body?.mediaType === 'application/x-www-form-urlencoded';
        const changed: Draft = {
          ...draft,
          ...(form && draft.body.kind === 'json'
            ? {
                body: {
                  ...draft.body,
                  kind: 'form' as const,
                  contentType: 'application/x-www-form-urlencoded',
                },
              }
            : {}),
          query: [...draft.query, [name, '1']],
          changes: [`unknown query parameter ${name}`],
        };
        return { request: finish(operation, changed), field: name };
      }
      const fieldPath = [...target.where, name];
      const body = draft.body as { kind: 'json'; value: unknown; contentType: string };
      // Sent as the route declares its body: JSON, or a form (flat: its fields are the top level).
      const form = operation.body?.mediaType === 'application/x-www-form-urlencoded';
      const changed: Draft = {
        ...draft,
        body: {
          kind: form ? 'form' : 'json',
          contentType: form ? 'application/x-www-form-urlencoded' : body.contentType,
          value: setAtPath(body.value, fieldPath, form ? 'x' : value),
        },
        changes: [`unknown body field ${fieldPath.join('.')}`],
      };
      return { request: finish(operation, changed), field: fieldPath.join('.') };
    });
}
