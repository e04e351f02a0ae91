// What can go wrong when the portal reads a clinic's FileMaker server. Messages carry statuses, FileMaker
// codes and record ids, never field values (they are PHI), so they are safe to log and to show.

export abstract class FileMakerError extends Error {}

/** Why the FileMaker server could not be used: nothing answered, it answered too late, or with 5xx. */
export type FileMakerUnavailableReason = 'unreachable' | 'timeout' | 'server-error' | 'cancelled';

/** The server could not be reached or kept failing after every retry; the caller changed nothing. */
export class FileMakerUnavailableError extends FileMakerError {
  override readonly name = 'FileMakerUnavailableError';
  readonly reason: FileMakerUnavailableReason;
  readonly attempts: number;
  /** The HTTP status of the last answer, when there was one. */
  readonly lastStatus: number | null;
  /** The FileMaker error code of the last answer, when it carried one. */
  readonly lastCode: string | null;

  constructor(
    failure: {
      reason: FileMakerUnavailableReason;
      attempts: number;
      lastStatus?: number | null;
      lastCode?: string | null;
    },
    options?: ErrorOptions,
  ) {
    super(unavailableMessage(failure), options);
    this.reason = failure.reason;
    this.attempts = failure.attempts;
    this.lastStatus = failure.lastStatus ?? null;
    this.lastCode = failure.lastCode ?? null;
  }
}

function unavailableMessage({
  reason,
  attempts,
  lastStatus,
}: {
  reason: FileMakerUnavailableReason;
  attempts: number;
  lastStatus?: number | null;
}): string {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  switch (reason) {
    case 'unreachable':
      return `The FileMaker server could not be reached (${tries}).`;
    case 'timeout':
      return `The FileMaker server did not answer in time (${tries}).`;
    case 'server-error':
      return `The FileMaker server answered with HTTP ${lastStatus ?? 'error'} (${tries}).`;
    case 'cancelled':
      return 'The FileMaker request was cancelled.';
  }
}

/** FileMaker has no record with this id on the layout (FileMaker code 101 or 401). */
export class FileMakerRecordNotFoundError extends FileMakerError {
  override readonly name = 'FileMakerRecordNotFoundError';

  constructor(readonly recordId: string) {
    super(`FileMaker record ${recordId} was not found.`);
  }
}

/** FileMaker refused the portal's account or password (code 212), or a token it had just issued. */
export class FileMakerAuthenticationError extends FileMakerError {
  override readonly name = 'FileMakerAuthenticationError';

  constructor(readonly code: string | null) {
    super(`The FileMaker server refused the portal's credentials${code ? ` (code ${code})` : ''}.`);
  }
}

/** FileMaker answered something the Data API does not: an unexpected status, or a body of another shape. */
export class FileMakerResponseError extends FileMakerError {
  override readonly name = 'FileMakerResponseError';

  constructor(
    readonly status: number,
    readonly code: string | null,
    detail: string,
  ) {
    super(
      `The FileMaker server answered unexpectedly (HTTP ${status}${code ? `, code ${code}` : ''}): ${detail}.`,
    );
  }
}
