import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { SessionRef } from '../modules/identity/live-sessions';

/** The signed-in caller: their user row, and the sign-in session their token belongs to. */
export type Actor = { id: string; user: UserRow; session: SessionRef };

/** The signed-in caller; routes behind a permission always have one. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('requireActor called on a public route');
  return request.actor;
}
