import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  assertResponseMatchesContract,
  ContractViolationError,
  defineResponseContract,
  findResponseContract,
} from './api-contract';

const one = defineResponseContract(
  'GET',
  '/api/reports/:id',
  z.object({ data: z.object({ id: z.string() }) }),
);
const bulk = defineResponseContract('GET', '/api/reports/bulk-sign', z.array(z.boolean()));
const created = defineResponseContract('POST', '/api/reports/:id', z.object({ ok: z.literal(true) }));
const contracts = [one, bulk, created];

describe('findResponseContract', () => {
  it('matches a route pattern by method and path, ignoring the query and a trailing slash', () => {
    expect(findResponseContract(contracts, 'GET', '/api/reports/abc?include=x')).toBe(one);
    expect(findResponseContract(contracts, 'get', '/api/reports/abc/')).toBe(one);
    expect(findResponseContract(contracts, 'POST', '/api/reports/abc')).toBe(created);
  });

  it('prefers a literal segment over a parameter, as the router does', () => {
    expect(findResponseContract(contracts, 'GET', '/api/reports/bulk-sign')).toBe(bulk);
  });

  it('finds nothing for another method or another depth', () => {
    expect(findResponseContract(contracts, 'DELETE', '/api/reports/abc')).toBeUndefined();
    expect(findResponseContract(contracts, 'GET', '/api/reports/abc/comments')).toBeUndefined();
  });
});

describe('assertResponseMatchesContract', () => {
  it('passes an answer of the declared shape, and a route without a contract', () => {
    expect(() =>
      assertResponseMatchesContract(contracts, 'GET', '/api/reports/abc', { data: { id: 'abc' } }),
    ).not.toThrow();
    expect(() => assertResponseMatchesContract(contracts, 'GET', '/api/other', 42)).not.toThrow();
  });

  it('throws naming the route and the wrong field', () => {
    let error: unknown;
    try {
      assertResponseMatchesContract(contracts, 'GET', '/api/reports/abc', { data: { id: 7 } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as Error).message).toContain('GET /api/reports/:id');
    expect((error as Error).message).toContain('data.id');
  });
});
