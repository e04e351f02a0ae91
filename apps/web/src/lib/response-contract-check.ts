import { API_RESPONSE_CONTRACTS, assertResponseMatchesContract } from '@portal/domain';

/**
 * Checks an API answer against its route's contract in the domain. Development and tests only:
 * api-client loads this module on demand, and a production build leaves it out, schemas and all.
 */
export function checkResponseContract(method: string, path: string, body: unknown): void {
  assertResponseMatchesContract(API_RESPONSE_CONTRACTS, method, path, body);
}
