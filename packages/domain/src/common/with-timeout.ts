export const TIMEOUT_MESSAGE = 'Operation has timed out.';

/** Settles like the promise, or rejects with 'Operation has timed out.' after ms. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(TIMEOUT_MESSAGE)), ms);
  });
  // Clear the timer either way so a settled promise does not keep the process alive.
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
