// What can go wrong when the portal calls a vendor (VENDOR_PROTOCOLS.md). Each message is a sentence the
// portal can show clinic staff as the reason an order or a filing failed: it names the vendor, HTTP
// statuses, vendor error codes and vendor-side ids, never a patient's data. Properties carry no bodies, so
// an error serialised into a log carries none either.

export abstract class VendorError extends Error {
  /** The vendor as people name it ('Zoll', 'InfoBionic', …). */
  abstract readonly vendor: string;
}

/** Why a vendor could not be used: no connection, no answer in time, a 5xx, or the caller gave up. */
export type VendorUnavailableReason = 'unreachable' | 'timeout' | 'server-error' | 'cancelled';

/** No usable answer after every retry (or the caller cancelled): the vendor may or may not have acted. */
export class VendorUnavailableError extends VendorError {
  override readonly name = 'VendorUnavailableError';
  readonly vendor: string;
  readonly reason: VendorUnavailableReason;
  /** The HTTP status of the last answer, when there was one. */
  readonly status: number | null;
  readonly attempts: number;

  constructor(
    failure: { vendor: string; reason: VendorUnavailableReason; status?: number | null; attempts: number },
    options?: ErrorOptions,
  ) {
    super(unavailableMessage(failure), options);
    this.vendor = failure.vendor;
    this.reason = failure.reason;
    this.status = failure.status ?? null;
    this.attempts = failure.attempts;
  }
}

function unavailableMessage({
  vendor,
  reason,
  status,
  attempts,
}: {
  vendor: string;
  reason: VendorUnavailableReason;
  status?: number | null;
  attempts: number;
}): string {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  switch (reason) {
    case 'server-error':
      return `${vendor} could not be reached (HTTP ${status ?? 'error'} after ${tries}).`;
    case 'timeout':
      return `${vendor} could not be reached (no answer in time after ${tries}).`;
    case 'unreachable':
      return `${vendor} could not be reached (no connection after ${tries}).`;
    case 'cancelled':
      return `The request to ${vendor} was cancelled.`;
  }
}

/**
 * The vendor refused the request with a 4xx: the portal's mistake (or the clinic's settings), so it is not
 * retried. `code` is the vendor's `error` field (for the EMR, the OperationOutcome's first issue code).
 */
export class VendorRejectedError extends VendorError {
  override readonly name = 'VendorRejectedError';
  readonly vendor: string;
  readonly status: number;
  readonly code: string | null;

  constructor(
    refusal: { vendor: string; status: number; code: string | null; message?: string },
    options?: ErrorOptions,
  ) {
    super(refusal.message ?? rejectedMessage(refusal), options);
    this.vendor = refusal.vendor;
    this.status = refusal.status;
    this.code = refusal.code;
  }
}

function rejectedMessage({ vendor, status, code }: { vendor: string; status: number; code: string | null }) {
  if (code === 'idempotency_key_reused') {
    return `${vendor} refused the request because it was sent before with different details.`;
  }
  return `${vendor} refused the request (HTTP ${status}${code ? `: ${code}` : ''}).`;
}

/** The vendor refused the portal's client id and secret, or refused even a token it had just issued. */
export class VendorAuthenticationError extends VendorError {
  override readonly name = 'VendorAuthenticationError';
  readonly vendor: string;
  /** 'token': the token endpoint refused the credentials; 'call': a call refused a fresh token. */
  readonly stage: 'token' | 'call';
  readonly status: number;

  constructor(failure: { vendor: string; stage: 'token' | 'call'; status: number }) {
    super(
      failure.stage === 'token'
        ? `${failure.vendor} refused the portal's client id and secret (HTTP ${failure.status}).`
        : `${failure.vendor} refused the portal's access token, even a new one (HTTP ${failure.status}).`,
    );
    this.vendor = failure.vendor;
    this.stage = failure.stage;
    this.status = failure.status;
  }
}

/**
 * The vendor answered something its protocol does not: a redirect, or a body of another shape. `detail`
 * says what, for developers (field paths and expectations, no values).
 */
export class VendorResponseError extends VendorError {
  override readonly name = 'VendorResponseError';
  readonly vendor: string;
  readonly status: number;
  readonly detail: string;

  constructor(failure: { vendor: string; status: number; detail: string }) {
    super(
      failure.status >= 300 && failure.status < 400
        ? `${failure.vendor} sent the portal elsewhere (HTTP ${failure.status}): check its address setting.`
        : `${failure.vendor} answered in a way the portal does not understand (HTTP ${failure.status}).`,
    );
    this.vendor = failure.vendor;
    this.status = failure.status;
    this.detail = failure.detail;
  }
}
