import { API_RESPONSE_CONTRACTS, documentListPageSchema } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileResponseSerializer,
  createResponseSerializerCompiler,
  toResponseJsonSchema,
} from './response-serializer';
import { errorBodySchema } from './schemas';

const compile = (schema: z.ZodType, checkAgainstContract: boolean) =>
  createResponseSerializerCompiler({ checkAgainstContract })({
    schema,
    method: 'GET',
    url: '/api/test',
    httpStatus: '200',
  });

/** What zod's own serializer wrote before: the contract's output, through JSON.stringify. */
const zodJson = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

const sample = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  count: z.number().int(),
  ratio: z.number().nullable(),
  label: z.string().max(10).nullish(),
  level: z.enum(['high', 'low']).nullable(),
  detail: z.nullable(z.object({ serial: z.string().nullish() })),
  info: z.record(z.string(), z.unknown()).nullable(),
  tags: z.array(z.string()),
  event: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('signed'), by: z.string() }),
    z.object({ kind: z.literal('note'), text: z.string(), pinned: z.boolean().optional() }),
  ]),
  either: z.union([z.object({ value: z.number() }), z.string()]),
});

describe('compiled response serializers', () => {
  it('renders and compiles every contract of the API, and the error body', () => {
    for (const contract of API_RESPONSE_CONTRACTS) {
      expect(() => compileResponseSerializer(contract.response), contract.path).not.toThrow();
    }
    expect(() => compileResponseSerializer(errorBodySchema)).not.toThrow();
  });

  it('writes what zod wrote: nulls, records, unions, no property the contract does not declare', () => {
    const serialize = compile(sample, false);
    const rows = [
      {
        id: 'a',
        at: '2026-11-25T10:00:00.000Z',
        count: 3,
        ratio: null,
        label: null,
        level: null,
        detail: null,
        info: null,
        tags: [],
        event: { kind: 'signed', by: 'auth0|demo-provider', stray: 1 },
        either: 'text',
        stored: 'not in the contract',
      },
      {
        id: 'b',
        at: '2026-11-25T10:00:00.000Z',
        count: 0,
        ratio: 0.25,
        level: 'high',
        detail: { serial: 'PJN1', extra: true },
        info: { nested: { list: [1, 'two', null] }, empty: {} },
        tags: ['x', 'y"quoted"'],
        event: { kind: 'note', text: 'Łukasz \u2028 "ok"', pinned: false },
        either: { value: 2.5, other: 'dropped' },
      },
    ];
    for (const row of rows) expect(JSON.parse(serialize(row))).toEqual(JSON.parse(zodJson(sample, row)));
  });

  it('turns nullable plain values into a type list, so no branch is validated per answer', () => {
    const schema = toResponseJsonSchema(documentListPageSchema) as {
      properties: {
        data: { items: { properties: { attributes: { properties: Record<string, unknown> } } } };
      };
    };
    const attributes = schema.properties.data.items.properties.attributes.properties;
    expect(attributes.dueAt).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
    expect(attributes.deviceDetail).toMatchObject({ type: ['object', 'null'] });
    expect(attributes.patientInfo).toMatchObject({ type: ['object', 'null'], additionalProperties: {} });
    expect(JSON.stringify(schema)).not.toContain('"additionalProperties":false');
  });

  it('lets a CSV answer (a string schema) through as a JSON string only when asked for JSON', () => {
    expect(compile(z.string().describe('text/csv'), false)('a,b\r\n1,2')).toBe('"a,b\\r\\n1,2"');
  });

  it('in tests, refuses an answer outside its contract that the compiled serializer alone would coerce', () => {
    const row = { id: 7, at: 'yesterday', count: 1.5 };
    const schema = z.object({ id: z.string(), at: z.iso.datetime(), count: z.number().int() });
    expect(compile(schema, false)(row)).toBe('{"id":"7","at":"yesterday","count":1}');
    expect(() => compile(schema, true)(row)).toThrow("Response doesn't match the schema");
  });

  it('in tests, also refuses a required property that is missing', () => {
    const schema = z.object({ id: z.string(), note: z.string() });
    expect(() => compile(schema, false)({ id: 'a' })).toThrow(/note/);
    expect(() => compile(schema, true)({ id: 'a' })).toThrow("Response doesn't match the schema");
  });
});
