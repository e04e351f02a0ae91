// General messages of SPEC §8 (the retry, timeout, multi-error and date messages live beside their helpers).

export const HTTP_ERROR_MESSAGE = 'HTTP error. Unable to fetch';

export function formatFileReadError(name: string): string {
  return `Error reading file: ${name}`;
}

/** HTTP status codes the product knows (SPEC §8). */
export const KNOWN_STATUS_CODES = [200, 400, 401, 403, 404, 409, 422, 500] as const;
