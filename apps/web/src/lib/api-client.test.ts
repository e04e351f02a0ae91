import { ContractViolationError } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiAuthentication,
  ApiError,
  apiClient,
  apiRequestBlob,
  NETWORK_ERROR_CODE,
  setApiAuthentication,
  toQueryString,
} from './api-client';

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

function stubFetch(impl: (...args: Parameters<typeof fetch>) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiAuthentication(undefined);
  });

  it('resolves with the JSON body and sends the query without empty values', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ data: [1, 2] }));
    const body = await apiClient.get<{ data: number[] }>('/api/things', {
      query: { page: 2, search: '', 'filter[isActive]': true, skip: undefined },
    });
    expect(body).toEqual({ data: [1, 2] });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things?page=2&filter%5BisActive%5D=true',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('sends a JSON body on writes and resolves undefined on 204', async () => {
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
    await expect(apiClient.post('/api/things', { name: 'x' })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends a file as the body with its own type', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ data: [] }));
    const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    await apiClient.post('/api/things/upload', file);
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBe(file);
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/pdf');
  });

  it("parses the server's error body into statusCode, reason, message and details", async () => {
    stubFetch(async () =>
      jsonResponse(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'querystring/rows must be <= 100',
          details: [{ field: 'rows', message: 'must be <= 100' }],
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = await failureOf(apiClient.get('/api/customers/organizations'));
    expect(error.statusCode).toBe(400);
    expect(error.reason).toBe('Bad Request');
    expect(error.message).toBe('querystring/rows must be <= 100');
    expect(error.details).toEqual([{ field: 'rows', message: 'must be <= 100' }]);
    expect(error.code).toBeUndefined();
  });

  it('keeps the whole error body, so a refusal can carry more than the common fields', async () => {
    const conflict = {
      statusCode: 409,
      error: 'Conflict',
      message: 'This patient probably exists already',
      duplicates: [{ patient: { id: 'p1' }, reasons: ['same-device-serial'] }],
    };
    stubFetch(async () => jsonResponse(conflict, { status: 409, statusText: 'Conflict' }));
    const error = await failureOf(apiClient.post('/api/patients/clinics/1234567893/patients', {}));
    expect(error.statusCode).toBe(409);
    expect(error.body).toEqual(conflict);

    stubFetch(async () => new Response('<html>proxy error</html>', { status: 502 }));
    expect((await failureOf(apiClient.get('/api/x'))).body).toBeUndefined();
  });

  it("says 'HTTP error. Unable to fetch' when a failure has no description", async () => {
    stubFetch(async () => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failureOf(apiClient.get('/api/x'));
    expect(error.message).toBe('HTTP error. Unable to fetch');
    expect(error.statusCode).toBe(502);
    expect(error.reason).toBe('Bad Gateway');

    stubFetch(async () => new Response('<html>proxy error</html>', { status: 500 }));
    expect((await failureOf(apiClient.get('/api/x'))).message).toBe('HTTP error. Unable to fetch');

    stubFetch(async () =>
      jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: '' }, { status: 500 }),
    );
    expect((await failureOf(apiClient.get('/api/x'))).message).toBe('HTTP error. Unable to fetch');
  });

  it('turns a network failure into an ApiError with status 0 and a network code', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failureOf(apiClient.get('/api/x'));
    expect(error.statusCode).toBe(0);
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.message).toBe('HTTP error. Unable to fetch');
  });

  it('rethrows an abort untouched so cancelled requests are not reported as errors', async () => {
    const controller = new AbortController();
    stubFetch(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const error = await apiClient.get('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('rejects a 2xx answer that is not JSON, e.g. an HTML page', async () => {
    stubFetch(async () => new Response('<!doctype html><html></html>', { status: 200 }));
    const error = await failureOf(apiClient.get('/api/x'));
    expect(error.message).toBe('HTTP error. Unable to fetch');
  });

  it('checks an answer against its route’s domain contract in tests, naming the wrong field', async () => {
    stubFetch(async () => jsonResponse({ status: 'ok', service: 'customers', database: 'down' }));
    const error = await apiClient.get('/api/customers/healthcheck').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as Error).message).toContain('GET /api/customers/healthcheck');
    expect((error as Error).message).toContain('database');
  });

  it('resolves an answer that keeps its contract', async () => {
    const health = { status: 'ok', service: 'customers', database: 'ok' };
    stubFetch(async () => jsonResponse(health));
    await expect(apiClient.get('/api/customers/healthcheck')).resolves.toEqual(health);
  });

  it('builds no query string when every value is empty', () => {
    expect(toQueryString({ a: '', b: undefined, c: null })).toBe('');
  });
});

describe('api client with sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiAuthentication(undefined);
  });

  function connect(overrides: Partial<ApiAuthentication> = {}) {
    const auth = {
      getAccessToken: vi.fn(async () => 'token-1'),
      renewAccessToken: vi.fn(async () => 'token-2'),
      signInAgain: vi.fn(),
      ...overrides,
    };
    setApiAuthentication(auth);
    return auth;
  }

  const bearerOf = (call: Parameters<typeof fetch> | undefined) =>
    new Headers(call?.[1]?.headers).get('Authorization');

  it('sends the bearer token on every call', async () => {
    connect();
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true }));
    await apiClient.get('/api/things');
    await apiClient.post('/api/things', { name: 'x' });
    expect(fetchMock.mock.calls.map(bearerOf)).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it('sends no token on a public call', async () => {
    const auth = connect();
    const fetchMock = stubFetch(async () => jsonResponse({ title: 'x' }));
    await apiClient.get('/api/public-thing', { auth: false });
    expect(bearerOf(fetchMock.mock.calls[0])).toBeNull();
    expect(auth.getAccessToken).not.toHaveBeenCalled();
  });

  it('on a 401 renews once silently and retries with the new token', async () => {
    const auth = connect();
    const fetchMock = stubFetch(async (_url, init) =>
      new Headers(init?.headers).get('Authorization') === 'Bearer token-2'
        ? jsonResponse({ data: 'fresh' })
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'expired' }, { status: 401 }),
    );
    await expect(apiClient.get('/api/things')).resolves.toEqual({ data: 'fresh' });
    expect(auth.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(auth.signInAgain).not.toHaveBeenCalled();
  });

  it('on a 401 after another call already renewed, retries with that token and does not refresh again', async () => {
    let stored = 'token-1';
    const auth = connect({ getAccessToken: vi.fn(async () => stored) });
    const fetchMock = stubFetch(async (_url, init) => {
      if (new Headers(init?.headers).get('Authorization') === 'Bearer token-2')
        return jsonResponse({ data: 'ok' });
      // Meanwhile another call's renewal stored a new token.
      stored = 'token-2';
      return jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'expired' }, { status: 401 });
    });
    await expect(apiClient.get('/api/things')).resolves.toEqual({ data: 'ok' });
    expect(fetchMock.mock.calls.map(bearerOf)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(auth.renewAccessToken).not.toHaveBeenCalled();
  });

  it('starts a new sign-in when renewal fails, and rejects with the 401', async () => {
    const auth = connect({ renewAccessToken: vi.fn(async () => undefined) });
    const fetchMock = stubFetch(async () =>
      jsonResponse(
        { statusCode: 401, error: 'Unauthorized', message: 'Authentication required' },
        { status: 401 },
      ),
    );
    const error = await failureOf(apiClient.get('/api/users'));
    expect(error.statusCode).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(auth.signInAgain).toHaveBeenCalledTimes(1);
  });

  it('starts a new sign-in when the renewed token is refused too (no loop)', async () => {
    const auth = connect();
    const fetchMock = stubFetch(async () =>
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'no' }, { status: 401 }),
    );
    await failureOf(apiClient.get('/api/users'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(auth.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(auth.signInAgain).toHaveBeenCalledTimes(1);
  });

  it('leaves a 403 alone: a role that may not act is not a sign-in problem', async () => {
    const auth = connect();
    stubFetch(async () =>
      jsonResponse(
        { statusCode: 403, error: 'Forbidden', message: 'Cannot execute "user:update" on "1234567893"' },
        { status: 403 },
      ),
    );
    const error = await failureOf(apiClient.patch('/api/users/x', {}));
    expect(error.message).toBe('Cannot execute "user:update" on "1234567893"');
    expect(auth.renewAccessToken).not.toHaveBeenCalled();
    expect(auth.signInAgain).not.toHaveBeenCalled();
  });

  it('fetches a file as a Blob with the bearer in the header, never in the address', async () => {
    setApiAuthentication({
      getAccessToken: async () => 'token-1',
      renewAccessToken: async () => undefined,
      signInAgain: () => {},
    });
    const fetchMock = stubFetch(
      async () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await apiRequestBlob('/api/reports/blob-storage/abc');
    expect(await blob.text()).toBe('%PDF-1.7');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/reports/blob-storage/abc');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Accept')).toBe('*/*');
  });

  it('turns a refused file into an ApiError', async () => {
    stubFetch(async () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: 'gone' }, { status: 404 }),
    );
    const error = await failureOf(apiRequestBlob('/api/reports/blob-storage/abc'));
    expect(error.statusCode).toBe(404);
  });
});
