import type { Kysely } from 'kysely';

// Placeholder: rate-limit counters all instances share (issue 10 part 5).
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
