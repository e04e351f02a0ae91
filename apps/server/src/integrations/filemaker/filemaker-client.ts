import {
  isRetryableStatus,
  RETRY_INITIAL_DELAY_MS,
  RETRY_MAX_RETRIES,
  retryWithBackoff,
} from '@portal/domain';
import { z } from 'zod';
import {
  FileMakerAuthenticationError,
  FileMakerError,
  FileMakerRecordNotFoundError,
  FileMakerResponseError,
  FileMakerUnavailableError,
  type FileMakerUnavailableReason,
} from './filemaker-errors';
import {
  type FileMakerPatientRecord,
  readPatientRecord,
  recordAnswerSchema,
} from './filemaker-patient-record';

// The portal's client of a clinic's FileMaker Data API (Claris, "FileMaker Data API Guide"). It logs in
// once with HTTP Basic for a session token and reuses it; a token FileMaker no longer knows (code 952,
// HTTP 401: logged out, or 15 minutes idle) is replaced by logging in again, once per call. It only reads
// (GET), so a retried call never writes twice. Each request has its own time-out; a 5xx answer or a
// network failure is retried as SPEC §9 says (from 1000 ms, doubling, up to 10 attempts).

/** A request that has had no answer by then is abandoned (and retried). */
export const FILEMAKER_REQUEST_TIMEOUT_MS = 10_000;

/** FileMaker codes for a record that is not there: 101 'Record is missing', 401 'No records match'. */
const RECORD_NOT_FOUND_CODES = new Set(['101', '401']);
/** FileMaker's code for a session token it does not know (expired, logged out, or never issued). */
const INVALID_TOKEN_CODE = '952';

export type FileMakerClientOptions = {
  /** The FileMaker Server's base URL, e.g. https://fm.clinic.example (the Data API is under /fmi/data). */
  url: string;
  database: string;
  layout: string;
  user: string;
  password: string;
  timeoutMs?: number;
  retry?: { retries?: number; initialDelayMs?: number };
  /** Where retries and failures are logged (Fastify's logger fits): statuses and codes, never values. */
  log?: { warn(details: Record<string, unknown>, message: string): void };
};

export type FileMakerClient = {
  /**
   * The patient record with this FileMaker record id. Throws FileMakerRecordNotFoundError,
   * FileMakerUnavailableError (unreachable, too slow or 5xx after every retry, or cancelled through
   * `signal`), FileMakerAuthenticationError or FileMakerResponseError.
   */
  fetchPatientRecord(recordId: string, options?: { signal?: AbortSignal }): Promise<FileMakerPatientRecord>;
  /** Logs out of the session it holds, if any, so it does not wait 15 minutes on the server to expire. */
  close(): Promise<void>;
};

/** One attempt that failed in a way worth retrying: no answer, no answer in time, or a 5xx. */
class RetryableFailure extends Error {
  constructor(
    readonly reason: Exclude<FileMakerUnavailableReason, 'cancelled'>,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(`FileMaker request failed: ${reason}`);
    this.name = 'RetryableFailure';
  }
}

type Answer = { status: number; body: unknown; token: string | null };

const messagesSchema = z.object({
  messages: z.array(z.object({ code: z.union([z.string(), z.number()]).transform(String) })).min(1),
});
const loginAnswerSchema = z.object({ response: z.object({ token: z.string().min(1) }) });

function fileMakerCode(body: unknown): string | null {
  const parsed = messagesSchema.safeParse(body);
  return parsed.success ? (parsed.data.messages[0]?.code ?? null) : null;
}

export function createFileMakerClient(options: FileMakerClientOptions): FileMakerClient {
  const base = `${options.url.replace(/\/+$/, '')}/fmi/data/vLatest/databases/${encodeURIComponent(options.database)}`;
  const basicAuthorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? FILEMAKER_REQUEST_TIMEOUT_MS;
  const retries = options.retry?.retries ?? RETRY_MAX_RETRIES;
  const initialDelayMs = options.retry?.initialDelayMs ?? RETRY_INITIAL_DELAY_MS;

  /** The session in use; concurrent calls share one log-in. `token` is set once the log-in succeeds. */
  let session: { login: Promise<string>; token?: string } | null = null;

  async function send(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    init: { headers: Record<string, string>; body?: string; signal?: AbortSignal | undefined },
  ): Promise<Answer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      const response = await fetch(url, {
        method,
        headers: { accept: 'application/json', ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal,
        // A redirect (http to https, another host) is a setting to fix, not a place to send the password.
        redirect: 'manual',
      });
      const text = await response.text();
      return {
        status: response.status,
        body: parseJson(text),
        token: response.headers.get('x-fm-data-access-token'),
      };
    } catch (error) {
      // A time-out of our own is retried; the caller's cancellation stops everything (see withRetries).
      if (timeout.aborted && !init.signal?.aborted) throw new RetryableFailure('timeout');
      if (init.signal?.aborted) throw error;
      throw new RetryableFailure('unreachable');
    }
  }

  async function logIn(): Promise<string> {
    const answer = await send('POST', `${base}/sessions`, {
      headers: { authorization: basicAuthorization, 'content-type': 'application/json' },
      body: '{}',
    });
    const code = fileMakerCode(answer.body);
    if (answer.status === 200) {
      const token = answer.token ?? loginAnswerSchema.safeParse(answer.body).data?.response.token;
      if (!token) throw new FileMakerResponseError(answer.status, code, 'a log-in without a session token');
      return token;
    }
    if (answer.status === 401) throw new FileMakerAuthenticationError(code);
    if (isRetryableStatus(answer.status)) throw new RetryableFailure('server-error', answer.status, code);
    throw new FileMakerResponseError(answer.status, code, 'the log-in was refused');
  }

  function sessionToken(): Promise<string> {
    if (!session) {
      const current: { login: Promise<string>; token?: string } = { login: logIn() };
      session = current;
      current.login.then(
        (token) => {
          current.token = token;
        },
        () => {
          if (session === current) session = null;
        },
      );
    }
    return session.login;
  }

  /** Drops the session whose token FileMaker refused, unless a newer one has replaced it already. */
  function forgetSession(token: string) {
    if (session?.token === token) session = null;
  }

  function isInvalidToken(answer: Answer): boolean {
    return answer.status === 401 || fileMakerCode(answer.body) === INVALID_TOKEN_CODE;
  }

  async function getRecord(token: string, recordId: string, signal: AbortSignal | undefined) {
    const layout = encodeURIComponent(options.layout);
    return send('GET', `${base}/layouts/${layout}/records/${encodeURIComponent(recordId)}`, {
      headers: { authorization: `Bearer ${token}` },
      signal,
    });
  }

  async function fetchRecordOnce(recordId: string, signal: AbortSignal | undefined) {
    const token = await sessionToken();
    let answer = await getRecord(token, recordId, signal);
    if (isInvalidToken(answer)) {
      forgetSession(token);
      const fresh = await sessionToken();
      answer = await getRecord(fresh, recordId, signal);
      // A token refused right after FileMaker issued it will not get better by logging in again.
      if (isInvalidToken(answer)) {
        forgetSession(fresh);
        throw new FileMakerAuthenticationError(fileMakerCode(answer.body));
      }
    }
    const code = fileMakerCode(answer.body);
    if (answer.status === 200 && code === '0') {
      const parsed = recordAnswerSchema.safeParse(answer.body);
      const record = parsed.data?.response.data[0];
      if (!record) throw new FileMakerResponseError(answer.status, code, 'a record answer of another shape');
      return readPatientRecord(record);
    }
    if (code !== null && RECORD_NOT_FOUND_CODES.has(code)) throw new FileMakerRecordNotFoundError(recordId);
    if (isRetryableStatus(answer.status)) throw new RetryableFailure('server-error', answer.status, code);
    throw new FileMakerResponseError(answer.status, code, 'not a record');
  }

  async function withRetries<T>(
    operation: string,
    signal: AbortSignal | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    // What the attempts met, for the log and for the error when they have all failed.
    const progress: { attempts: number; lastFailure: RetryableFailure | null } = {
      attempts: 0,
      lastFailure: null,
    };
    const details = () => ({
      integration: 'filemaker',
      operation,
      attempts: progress.attempts,
      reason: progress.lastFailure?.reason,
      status: progress.lastFailure?.status,
      code: progress.lastFailure?.code,
    });
    try {
      return await retryWithBackoff(
        async (number) => {
          progress.attempts = number;
          try {
            return await attempt();
          } catch (error) {
            if (error instanceof RetryableFailure) progress.lastFailure = error;
            throw error;
          }
        },
        {
          retries,
          initialDelayMs,
          shouldRetry: (error) => error instanceof RetryableFailure && !signal?.aborted,
          sleep: (ms) => sleepUnlessAborted(ms, signal),
          log: (message) => options.log?.warn(details(), message),
        },
      );
    } catch (error) {
      if (error instanceof FileMakerError) throw error;
      const { attempts, lastFailure } = progress;
      if (signal?.aborted) {
        throw new FileMakerUnavailableError({ reason: 'cancelled', attempts }, { cause: error });
      }
      if (!lastFailure) throw error;
      options.log?.warn(details(), 'FileMaker Data API unavailable');
      throw new FileMakerUnavailableError(
        { reason: lastFailure.reason, attempts, lastStatus: lastFailure.status, lastCode: lastFailure.code },
        { cause: error },
      );
    }
  }

  return {
    fetchPatientRecord(recordId, { signal } = {}) {
      return withRetries('fetch-patient-record', signal, () => fetchRecordOnce(recordId, signal));
    },

    async close() {
      const token = session?.token;
      session = null;
      if (!token) return;
      // Best effort: a session left open simply expires on the server.
      await send('DELETE', `${base}/sessions/${encodeURIComponent(token)}`, { headers: {} }).catch(() => {});
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
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
