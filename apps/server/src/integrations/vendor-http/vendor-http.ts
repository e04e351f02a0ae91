import {
  isRetryableStatus,
  RETRY_INITIAL_DELAY_MS,
  RETRY_MAX_RETRIES,
  retryWithBackoff,
} from '@portal/domain';
import { z } from 'zod';
import {
  VendorAuthenticationError,
  VendorError,
  VendorRejectedError,
  VendorResponseError,
  VendorUnavailableError,
  type VendorUnavailableReason,
} from './vendor-errors';

// The HTTP every vendor client shares (VENDOR_PROTOCOLS.md, "What every vendor API shares"): OAuth 2.0
// client credentials (RFC 6749 §4.4) with one cached token per client, an Idempotency-Key on the calls
// that change something, a time-out per attempt, and SPEC §9 retries (from 1000 ms, doubling) of 5xx
// answers, time-outs and network failures. A 4xx is the portal's mistake and is never retried.

/** A request that has had no answer by then is abandoned (and retried). */
export const VENDOR_REQUEST_TIMEOUT_MS = 10_000;
/** A token is replaced this long before it expires (or a tenth of its lifetime, if that is shorter). */
const TOKEN_REFRESH_MARGIN_MS = 60_000;
/** The lifetime assumed for a token whose answer has no `expires_in` (RFC 6749 makes it optional). */
const DEFAULT_TOKEN_LIFETIME_SECONDS = 300;
/** VENDOR_PROTOCOLS.md: 1–200 printable ASCII characters. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,200}$/;

export type VendorHttpOptions = {
  /** The vendor as people name it; starts the sentences of its errors, and names it in the logs. */
  vendor: string;
  /** The vendor's base URL; the token endpoint is `{baseUrl}/oauth/token`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per attempt; default VENDOR_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Attempts in all (default RETRY_MAX_RETRIES) and the first pause (default RETRY_INITIAL_DELAY_MS). */
  retry?: { retries?: number; initialDelayMs?: number };
  /** Where retries and failures are logged (Fastify's logger fits): vendor, statuses, attempts; no values. */
  log?: { warn(details: Record<string, unknown>, message: string): void };
  /** The clock token expiry is measured against; injectable for tests. */
  now?: () => number;
};

/** What a vendor client takes: the shared options, the vendor's name being the client's own. */
export type VendorClientOptions = Omit<VendorHttpOptions, 'vendor'>;

/** Options every vendor client call takes. */
export type VendorCallOptions = { signal?: AbortSignal };
/** Options of a call that creates or changes something at the vendor. */
export type VendorChangeOptions = VendorCallOptions & {
  /** Stable per piece of work (e.g. `zoll-push:<study id>`), so a retry after a crash never acts twice. */
  idempotencyKey: string;
};

export type VendorAnswer = {
  status: number;
  headers: Headers;
  /** The parsed body of a JSON answer (`application/json`, `application/fhir+json`); null if unparsable. */
  json?: unknown;
  /** The body of any other answer (a PDF). */
  bytes?: Uint8Array;
};

export type VendorRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** From the base URL, starting with '/'; the caller encodes path segments. */
  path: string;
  json?: unknown;
  /** The content type of `json`; default application/json. */
  contentType?: string;
  idempotencyKey?: string;
  /** Default application/json. */
  accept?: string;
  /** Cancels the request, its retries and their pauses. */
  signal?: AbortSignal;
  /**
   * How to read a 4xx this call expects (the vendor's code, and the sentence to show for it); by default
   * the code is the body's `error` and the sentence names the status and code.
   */
  describeRefusal?: (answer: VendorAnswer) => { code?: string | null; message?: string } | undefined;
};

export type VendorHttp = {
  readonly vendor: string;
  /**
   * Sends the request with a bearer token and answers the vendor's 2xx. Throws VendorRejectedError (4xx),
   * VendorUnavailableError (5xx, time-outs, network failures after every attempt, or cancelled through
   * `signal`), VendorAuthenticationError or VendorResponseError (a redirect).
   */
  request(request: VendorRequest): Promise<VendorAnswer>;
};

/** One attempt that failed in a way worth retrying: no answer, no answer in time, or a 5xx. */
class RetryableFailure extends Error {
  constructor(
    readonly reason: Exclude<VendorUnavailableReason, 'cancelled'>,
    readonly status: number | null = null,
  ) {
    super(`Vendor request failed: ${reason}`);
    this.name = 'RetryableFailure';
  }
}

type Token = { value: string; refreshAt: number };

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'must be Bearer'),
  expires_in: z.number().positive().optional(),
});
const errorBodySchema = z.object({ error: z.string() });

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const { vendor } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? VENDOR_REQUEST_TIMEOUT_MS;
  const retries = options.retry?.retries ?? RETRY_MAX_RETRIES;
  const initialDelayMs = options.retry?.initialDelayMs ?? RETRY_INITIAL_DELAY_MS;
  const now = options.now ?? Date.now;

  /** The token in use; concurrent calls share one token request. `token` is set once it succeeds. */
  let current: { request: Promise<Token>; token?: Token } | null = null;

  async function send(
    url: string,
    init: {
      method: string;
      headers: Record<string, string>;
      body?: string;
      signal?: AbortSignal | undefined;
    },
  ): Promise<VendorAnswer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      const response = await fetch(url, {
        method: init.method,
        headers: init.headers,
        ...(init.body === undefined ? {} : { body: init.body }),
        signal,
        // A redirect (http to https, another host) is a setting to fix, not a place to send a token.
        redirect: 'manual',
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const contentType = response.headers.get('content-type') ?? '';
      if (/[/+]json\b/i.test(contentType)) {
        return { status: response.status, headers: response.headers, json: parseJson(bytes) };
      }
      return { status: response.status, headers: response.headers, bytes };
    } catch (error) {
      // A time-out of our own is retried; the caller's cancellation stops everything (see request).
      if (timeout.aborted && !init.signal?.aborted) throw new RetryableFailure('timeout');
      if (init.signal?.aborted) throw error;
      throw new RetryableFailure('unreachable');
    }
  }

  async function fetchToken(): Promise<Token> {
    const answer = await send(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
    });
    if (answer.status === 200) {
      const token = readVendorJson(vendor, tokenAnswerSchema, answer);
      const lifetimeMs = (token.expires_in ?? DEFAULT_TOKEN_LIFETIME_SECONDS) * 1000;
      const marginMs = Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 10);
      return { value: token.access_token, refreshAt: now() + lifetimeMs - marginMs };
    }
    const code = errorCode(answer);
    // RFC 6749 §5.2 allows invalid_client with 400 as well as 401.
    if (answer.status === 401 || code === 'invalid_client' || code === 'unauthorized_client') {
      throw new VendorAuthenticationError({ vendor, stage: 'token', status: answer.status });
    }
    throw failureOf(answer, undefined);
  }

  function accessToken(signal: AbortSignal | undefined): Promise<string> {
    const cached = current?.token;
    if (cached && cached.refreshAt <= now()) current = null;
    if (!current) {
      const entry: { request: Promise<Token>; token?: Token } = { request: fetchToken() };
      current = entry;
      entry.request.then(
        (token) => {
          entry.token = token;
        },
        () => {
          if (current === entry) current = null;
        },
      );
    }
    // The token request is shared, so one caller's cancellation stops only that caller's wait.
    return unlessAborted(
      current.request.then((token) => token.value),
      signal,
    );
  }

  /** Drops the token the vendor refused, unless a newer one has replaced it already. */
  function forgetToken(value: string) {
    if (current?.token?.value === value) current = null;
  }

  /** The error for an answer that is not a 2xx (nor a 401 on a call, handled by attemptOnce). */
  function failureOf(answer: VendorAnswer, request: VendorRequest | undefined): Error {
    if (answer.status >= 500) return new RetryableFailure('server-error', answer.status);
    if (answer.status >= 400) {
      const described = request?.describeRefusal?.(answer);
      return new VendorRejectedError({
        vendor,
        status: answer.status,
        code: described?.code === undefined ? errorCode(answer) : described.code,
        ...(described?.message ? { message: described.message } : {}),
      });
    }
    return new VendorResponseError({ vendor, status: answer.status, detail: 'an answer that is not a 2xx' });
  }

  async function attemptOnce(request: VendorRequest, body: string | undefined): Promise<VendorAnswer> {
    const call = (token: string) =>
      send(`${base}${request.path}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: request.accept ?? 'application/json',
          ...(body === undefined ? {} : { 'content-type': request.contentType ?? 'application/json' }),
          ...(request.idempotencyKey === undefined ? {} : { 'idempotency-key': request.idempotencyKey }),
        },
        body,
        signal: request.signal,
      });

    const token = await accessToken(request.signal);
    let answer = await call(token);
    if (answer.status === 401) {
      // An unknown or expired token (invalid_token): a new one, and the call once more.
      forgetToken(token);
      const fresh = await accessToken(request.signal);
      answer = await call(fresh);
      if (answer.status === 401) {
        forgetToken(fresh);
        throw new VendorAuthenticationError({ vendor, stage: 'call', status: answer.status });
      }
    }
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw failureOf(answer, request);
  }

  return {
    vendor,

    async request(request) {
      if (request.idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(request.idempotencyKey)) {
        throw new TypeError('An Idempotency-Key is 1 to 200 printable ASCII characters.');
      }
      const body = request.json === undefined ? undefined : JSON.stringify(request.json);
      const { signal } = request;
      // What the attempts met, for the log and for the error when they have all failed.
      const progress: { attempts: number; lastFailure: RetryableFailure | null } = {
        attempts: 0,
        lastFailure: null,
      };
      const details = () => ({
        vendor,
        attempt: progress.attempts,
        reason: progress.lastFailure?.reason,
        status: progress.lastFailure?.status,
      });
      try {
        if (signal?.aborted) throw signal.reason;
        return await retryWithBackoff(
          async (number) => {
            progress.attempts = number;
            try {
              return await attemptOnce(request, body);
            } catch (error) {
              if (error instanceof RetryableFailure) progress.lastFailure = error;
              throw error;
            }
          },
          {
            retries,
            initialDelayMs,
            shouldRetry: (error) =>
              error instanceof RetryableFailure &&
              !signal?.aborted &&
              (error.reason !== 'server-error' || isRetryableStatus(error.status)),
            sleep: (ms) => sleepUnlessAborted(ms, signal),
            log: (message) => options.log?.warn(details(), message),
          },
        );
      } catch (error) {
        if (error instanceof VendorError) throw error;
        const { attempts, lastFailure } = progress;
        if (signal?.aborted) {
          throw new VendorUnavailableError({ vendor, reason: 'cancelled', attempts }, { cause: error });
        }
        // retryWithBackoff gives up with 'Max N retries exceeded.', the last failure as its cause; a 5xx
        // that is not worth retrying (501, 505) is thrown as it is.
        const failure = error instanceof RetryableFailure ? error : lastFailure;
        if (!failure) throw error;
        options.log?.warn(
          { vendor, attempts, reason: failure.reason, status: failure.status },
          'Vendor unavailable',
        );
        throw new VendorUnavailableError(
          { vendor, reason: failure.reason, status: failure.status, attempts },
          { cause: error },
        );
      }
    },
  };
}

/**
 * The body of a JSON answer in the shape the protocol gives it, or VendorResponseError naming what did not
 * fit (field paths, never values).
 */
export function readVendorJson<S extends z.ZodType>(
  vendor: string,
  schema: S,
  answer: VendorAnswer,
): z.output<S> {
  const parsed = schema.safeParse(answer.json);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  throw new VendorResponseError({ vendor, status: answer.status, detail });
}

/**
 * A `describeRefusal` giving the sentence for each refusal a call expects, by the vendor's error code or
 * else by status; any other refusal keeps the general sentence.
 */
export function refusalSentences(sentences: {
  codes?: Record<string, string>;
  statuses?: Record<number, string>;
}): NonNullable<VendorRequest['describeRefusal']> {
  return (answer) => {
    const code = errorCode(answer);
    const { codes = {}, statuses = {} } = sentences;
    if (code !== null && Object.hasOwn(codes, code)) return { message: codes[code] };
    if (Object.hasOwn(statuses, answer.status)) return { message: statuses[answer.status] };
    return undefined;
  };
}

/** The vendor's error code (the `error` field of `{"error", "message"}`), when the body has one. */
function errorCode(answer: VendorAnswer): string | null {
  return errorBodySchema.safeParse(answer.json).data?.error ?? null;
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** The promise, or a rejection with the signal's reason as soon as the caller cancels. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The retry pause, cut short (rejecting) when the caller cancels. */
function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
