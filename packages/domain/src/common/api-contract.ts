import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What one API route answers on success. The server route declares `response` as its 2xx schema, and
 * the web's API layer checks every answer against it in development and tests, so the shape is written
 * once and the two sides cannot drift apart unnoticed.
 */
export type ResponseContract<Schema extends z.ZodType = z.ZodType> = {
  readonly method: HttpMethod;
  /** The route's pattern as Fastify writes it: `/api/reports/:id`. */
  readonly path: string;
  readonly response: Schema;
};

export function defineResponseContract<Schema extends z.ZodType>(
  method: HttpMethod,
  path: string,
  response: Schema,
): ResponseContract<Schema> {
  return { method, path, response };
}

function patternMatches(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = path.split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return false;
  return patternParts.every((part, index) => part.startsWith(':') || part === pathParts[index]);
}

/**
 * The contract for a request, or undefined when none is declared. A literal segment wins over a
 * parameter (`/api/reports/bulk-sign` before `/api/reports/:id`), as in the server's router.
 */
export function findResponseContract(
  contracts: readonly ResponseContract[],
  method: string,
  path: string,
): ResponseContract | undefined {
  const pathOnly = path.split('?')[0]?.replace(/\/+$/, '') ?? '';
  const candidates = contracts.filter(
    (contract) => contract.method === method.toUpperCase() && patternMatches(contract.path, pathOnly),
  );
  const literalSegments = (contract: ResponseContract) =>
    contract.path.split('/').filter((part) => part && !part.startsWith(':')).length;
  return candidates.sort((a, b) => literalSegments(b) - literalSegments(a))[0];
}

/** An answer that does not have the shape its route's contract declares. */
export class ContractViolationError extends Error {
  override readonly name = 'ContractViolationError';
}

/**
 * Throws ContractViolationError, naming the route and each wrong field, when `body` is not what the
 * route's contract declares. A route without a contract passes (the server's contract test keeps the
 * list complete).
 */
export function assertResponseMatchesContract(
  contracts: readonly ResponseContract[],
  method: string,
  path: string,
  body: unknown,
): void {
  const contract = findResponseContract(contracts, method, path);
  if (!contract) return;
  const result = contract.response.safeParse(body);
  if (!result.success) {
    throw new ContractViolationError(
      `${contract.method} ${contract.path} answered outside its contract:\n${z.prettifyError(result.error)}`,
    );
  }
}
