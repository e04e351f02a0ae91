/** Raised when any of several parallel tasks fails: '{n} errors occurred.' with every failure kept. */
export class MultiError extends Error {
  readonly errors: readonly unknown[];
  readonly messages: readonly string[];

  constructor(errors: readonly unknown[]) {
    super(formatMultiErrorMessage(errors.length));
    this.name = 'MultiError';
    this.errors = errors;
    this.messages = errors.map(describeError);
  }
}

export function formatMultiErrorMessage(count: number): string {
  return `${count} errors occurred.`;
}

/** The message of an Error, or the value itself as text. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
