import type { Kysely } from 'kysely';

// Placeholder: each user's stored realtime channel identifier (issue 10 part 6).
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
