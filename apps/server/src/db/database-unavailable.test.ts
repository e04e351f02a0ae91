import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ObjectStoreError } from '../modules/documents/storage/s3-storage';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { findFreePort } from '../test-support/server-process';
import { reconnectDelayMs } from './client';
import { describesLostConnection, isDatabaseUnavailable, reportUnavailability } from './database-unavailable';

// While the PostgreSQL server is down or restarting, requests answer 503 with Retry-After: errors of the
// pool that mean "unreachable" are told apart from errors in a query, and from other services' errors.

function databaseError(code: string) {
  const error = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error');
  error.code = code;
  return error;
}

function socketError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

describe('which database errors mean the server is unavailable', () => {
  it.each([
    ['admin shutdown (a restart)', databaseError('57P01'), true],
    ['crash shutdown', databaseError('57P02'), true],
    ['the server starting up or shutting down', databaseError('57P03'), true],
    ['a connection exception (class 08)', databaseError('08006'), true],
    ['too many connections', databaseError('53300'), true],
    ['a unique violation', databaseError('23505'), false],
    ['a syntax error', databaseError('42601'), false],
    ['a refused connection', socketError('ECONNREFUSED'), true],
    ['a reset connection', socketError('ECONNRESET'), true],
    ['both addresses of localhost refusing', new AggregateError([socketError('ECONNREFUSED')]), true],
    ['a connection the server ended', new Error('Connection terminated unexpectedly'), true],
    ['no connection within the timeout', new Error('timeout exceeded when trying to connect'), true],
    [
      'a client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
      true,
    ],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error at all', 'ECONNREFUSED', false],
  ])('%s: %s', (_label, error, expected) => {
    expect(describesLostConnection(error)).toBe(expected);
  });

  it('counts only errors of a reporting pool, so another service’s refused connection is not the database’s', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${await findFreePort()}/none`,
    });
    reportUnavailability(pool);
    const refused = await pool.connect().catch((error: unknown) => error);
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    // Wrapped by whoever caught it: still found through `cause`.
    expect(isDatabaseUnavailable(new Error('sign failed', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(socketError('ECONNREFUSED'))).toBe(false);
    await pool.end();
  });
});

describe('the error handler while the database is unavailable', () => {
  it('answers 503 in the error shape with Retry-After, and logs the code without the message', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${await findFreePort()}/none`,
    });
    reportUnavailability(pool);
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    await app.register(errorHandlerPlugin);
    app.get('/patients', async () => {
      const client = await pool.connect();
      client.release();
      return [];
    });
    app.get('/blob', async () => {
      throw new ObjectStoreError(
        'Cannot reach the S3 bucket documents at http://127.0.0.1:9',
        'ECONNREFUSED',
      );
    });
    app.get('/bug', async () => {
      throw socketError('ECONNREFUSED');
    });
    const response = await app.inject({ method: 'GET', url: '/patients' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The service is temporarily unavailable. Try again shortly.',
    });
    const logged = lines.map((line) => JSON.parse(line) as { msg?: string });
    expect(logged.find((line) => line.msg === 'database unavailable')).toMatchObject({
      err: { type: 'Error', code: 'ECONNREFUSED' },
      answered503: 1,
    });
    // An outage logs a line every few seconds, not one per request.
    expect((await app.inject({ method: 'GET', url: '/patients' })).statusCode).toBe(503);
    expect(lines.filter((line) => line.includes('database unavailable'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('connect ECONNREFUSED');
    // The document store unreachable: a 503 to retry as well, logged by type and code.
    expect((await app.inject({ method: 'GET', url: '/blob' })).statusCode).toBe(503);
    expect(lines.some((line) => line.includes('document storage unavailable'))).toBe(true);
    // A refused connection elsewhere (a vendor, say) stays a 500.
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
    await pool.end();
  });
});

describe('reopening the LISTEN connection', () => {
  it('waits from half a second, doubling to at most 5 s, each within ±20 %', () => {
    const middle = (attempt: number) => reconnectDelayMs(attempt, {}, () => 0.5);
    expect([0, 1, 2, 3, 4, 10, 100].map(middle)).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(reconnectDelayMs(0, {}, () => 0)).toBe(400);
    expect(reconnectDelayMs(20, {}, () => 0.999_999)).toBeLessThanOrEqual(6000);
  });
});
