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
  /**
   * The error body as the server sent it (JSON), for the few refusals that carry more than the common
   * fields: a 409 on creating a patient lists the likely duplicates. Undefined when it was not JSON.
   */
  readonly body: unknown;

  constructor(init: {
    statusCode: number;
    reason: string;
    message?: string | undefined;
    details?: ApiErrorDetail[] | undefined;
    code?: string | undefined;
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.message?.trim() ? init.message : HTTP_ERROR_MESSAGE, { cause: init.cause });
    this.statusCode = init.statusCode;
    this.reason = init.reason;
    this.details = init.details;
    this.code = init.code;
    this.body = init.body;
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
    body: body === UNREADABLE ? undefined : body,
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
  /** JSON, or URLSearchParams for a form post. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
  /** false for the few public calls (GET /api/config): no bearer token, no renewal on 401. */
  auth?: boolean;
};

/**
 * How the client gets the signed-in user's bearer token. Registered by the sign-in code once the OIDC
 * client exists (lib/auth), so this module does not depend on the OIDC library.
 */
export type ApiAuthentication = {
  /** The current access token, or undefined when nobody is signed in. */
  getAccessToken(): Promise<string | undefined>;
  /** One silent renewal (refresh token); the new access token, or undefined when it failed. */
  renewAccessToken(): Promise<string | undefined>;
  /** Starts an interactive sign-in that comes back to the current page. */
  signInAgain(): void;
};

let authentication: ApiAuthentication | undefined;

/** Connects the client to sign-in; undefined disconnects it (tests, sign-out). */
export function setApiAuthentication(value: ApiAuthentication | undefined): void {
  authentication = value;
}

async function send(url: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams) {
    // A form post (Pusher channel authorization); fetch sets the form content type itself.
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A file as the body (a PDF to read): its own type, unless the caller names one.
    headers['Content-Type'] ??= options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
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
}

/** Sends with the bearer token; a 401 gets one silent renewal and retry, then an interactive sign-in. */
async function sendAuthenticated(path: string, options: RequestOptions): Promise<Response> {
  const url = `${path}${options.query ? toQueryString(options.query) : ''}`;
  const auth = options.auth === false ? undefined : authentication;

  const token = await auth?.getAccessToken();
  let response = await send(url, options, token);
  if (response.status === 401 && auth) {
    // A renewal may have finished while this call was out (another call's 401 started it): use its
    // token rather than refresh once more.
    const current = await auth.getAccessToken();
    const renewed = current && current !== token ? current : await auth.renewAccessToken();
    if (renewed) response = await send(url, options, renewed);
    if (response.status === 401) auth.signInAgain();
  }

  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * fetch wrapper for the portal API. Resolves with the parsed JSON body (undefined for 204),
 * rejects with ApiError. Aborts are rethrown untouched so cancelled queries are not reported.
 * Every call carries the signed-in user's bearer token. A 401 triggers one silent renewal and one
 * retry; when that does not help, an interactive sign-in starts (it comes back to this page).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendAuthenticated(path, options);
  if (response.status === 204) return undefined as T;
  const parsed = await readBody(response);
  // A 2xx that is not JSON (an HTML page from a proxy or the SPA fallback) is a failure, not data.
  if (parsed === UNREADABLE) throw new ApiError({ statusCode: response.status, reason: 'Invalid Response' });
  await checkAgainstContract(options.method ?? 'GET', path, parsed);
  return parsed as T;
}

/**
 * In development and tests every answer is checked against its route's contract in the domain, so a
 * server and a web that drift apart fail loudly. A production build drops this (and the schemas): the
 * server already serialises each answer through the same contract.
 */
async function checkAgainstContract(method: string, path: string, body: unknown): Promise<void> {
  if (import.meta.env.PROD) return;
  const { checkResponseContract } = await import('./response-contract-check');
  checkResponseContract(method, path, body);
}

/**
 * GET of a file (a PDF) with the bearer token in the header, never in the address. Same 401 handling
 * as apiRequest; resolves with the body as a Blob.
 */
export async function apiRequestBlob(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Blob> {
  const response = await sendAuthenticated(path, {
    ...options,
    headers: { Accept: '*/*', ...options.headers },
  });
  return response.blob();
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
