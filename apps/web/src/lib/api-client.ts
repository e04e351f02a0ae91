import { HTTP_ERROR_MESSAGE } from './constants';

export type ApiErrorDetail = { field: string; message: string };

/** Network code used when the request never got an HTTP answer. */
export const NETWORK_ERROR_CODE = 'ERR_NETWORK';

/** A failed API call. Built from the server's `{statusCode, error, message, details?}` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  /** The HTTP reason, e.g. 'Bad Request' (the body's `error`). */
  readonly reason: string;
  readonly details: ApiErrorDetail[] | undefined;
  /** Set when the call failed below HTTP (offline, DNS, connection refused). */
  readonly code: string | undefined;

  constructor(init: {
    statusCode: number;
    reason: string;
    message?: string | undefined;
    details?: ApiErrorDetail[] | undefined;
    code?: string | undefined;
    cause?: unknown;
  }) {
    super(init.message?.trim() ? init.message : HTTP_ERROR_MESSAGE, { cause: init.cause });
    this.statusCode = init.statusCode;
    this.reason = init.reason;
    this.details = init.details;
    this.code = init.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDetails(value: unknown): ApiErrorDetail[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (item): item is ApiErrorDetail =>
      isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

const UNREADABLE = Symbol('unreadable body');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return UNREADABLE;
  }
}

/** Turns a non-2xx response into an ApiError, tolerating bodies that are empty or not ours (proxies). */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const fields = isRecord(body) ? body : {};
  return new ApiError({
    statusCode: typeof fields.statusCode === 'number' ? fields.statusCode : response.status,
    reason: typeof fields.error === 'string' ? fields.error : response.statusText,
    message: typeof fields.message === 'string' ? fields.message : undefined,
    details: parseDetails(fields.details),
  });
}

export type QueryValue = string | number | boolean | null | undefined;

/** Builds a query string, dropping empty values (SPEC §5: search filters drop empty values). */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
};

/**
 * fetch wrapper for the portal API. Resolves with the parsed JSON body (undefined for 204),
 * rejects with ApiError. Aborts are rethrown untouched so cancelled queries are not reported.
 * The bearer token is added here once sign-in lands.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = `${path}${options.query ? toQueryString(options.query) : ''}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ statusCode: 0, reason: 'Network Error', code: NETWORK_ERROR_CODE, cause: error });
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const parsed = await readBody(response);
  // A 2xx that is not JSON (an HTML page from a proxy or the SPA fallback) is a failure, not data.
  if (parsed === UNREADABLE) throw new ApiError({ statusCode: response.status, reason: 'Invalid Response' });
  return parsed as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
