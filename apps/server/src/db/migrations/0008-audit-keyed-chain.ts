import type { Kysely } from 'kysely';

// Placeholder: the audit trail's keyed links (issue 10 part 2).
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
