import { featureFlagDefaults, workflowDefaults } from '@portal/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/test-app';
import type { DatabaseHandle } from '../client';
import { up } from './0012-plain-setting-texts';

function builtIn<T extends { name: string }>(list: readonly T[], name: string): T {
  const found = list.find((entry) => entry.name === name);
  if (!found) throw new Error(`no built-in ${name}`);
  return found;
}

describe('migration 0012: plain setting texts', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives an installation seeded with the first texts the plain ones, and keeps what an administrator wrote', async () => {
    const { db } = handle;
    // An installation from before: 0002's texts, one of them since edited by an administrator.
    await db
      .updateTable('featureFlagDefaults')
      .set({
        title: 'Bulk e-signing',
        description:
          'Providers may sign many documents at once. Alerts are excluded unless physicianBulkSignAlerts is on. The clinic setting enableBulkSigning must also be on.',
      })
      .where('name', '=', 'bulkESigning')
      .execute();
    await db
      .updateTable('workflowDefaults')
      .set({ title: 'Enable bulk signing', description: 'Our own words for it.' })
      .where('name', '=', 'enableBulkSigning')
      .execute();

    await up(db as unknown as Kysely<unknown>);

    const flag = await db
      .selectFrom('featureFlagDefaults')
      .select(['title', 'description'])
      .where('name', '=', 'bulkESigning')
      .executeTakeFirstOrThrow();
    expect(flag).toEqual({
      title: builtIn(featureFlagDefaults, 'bulkESigning').title,
      description: builtIn(featureFlagDefaults, 'bulkESigning').description,
    });
    expect(flag.description).not.toContain('physicianBulkSignAlerts');

    const setting = await db
      .selectFrom('workflowDefaults')
      .select(['title', 'description'])
      .where('name', '=', 'enableBulkSigning')
      .executeTakeFirstOrThrow();
    expect(setting).toEqual({
      title: builtIn(workflowDefaults, 'enableBulkSigning').title,
      description: 'Our own words for it.',
    });
  });
});
