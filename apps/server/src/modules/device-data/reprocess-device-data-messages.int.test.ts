import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { REPROCESS_ACTOR_ID, reprocessDeviceDataMessages } from './reprocess-device-data-messages';

// Issue 28 §1: kept messages are read again with the current vocabulary (`npm run device-data:reprocess`),
// so a term learned after the import fills the old session; idempotent and audited.
describe('reprocessing kept device data messages', () => {
  const portal = signedInPortal(['irhTech']);
  const LEARNED_LATER = ['MDC_IDC_STAT_CRT_PERCENT_PACED', 'MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL_MEAN'];

  it('fills a session with the terms it lacks, once, with an audit event naming them', async () => {
    const text = fs
      .readFileSync(
        path.join(import.meta.dirname, 'test-fixtures/idco-corpus/caremanagementdb--fullMessageOriginal.hl7'),
        'latin1',
      )
      .replace('|CLINIC APP|CLINIC ID|', `|CLINIC APP|${OWN_CLINIC_NPI}|`)
      .replace('||ORU^R01|12345|', '||ORU^R01|REPROCESS-1|');
    const response = await portal.as.irhTech.inject({
      method: 'POST',
      url: '/api/device-data/hl7',
      payload: text,
      headers: { 'content-type': 'application/hl7-v2' },
    });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const session = await portal.db
      .selectFrom('deviceSessions')
      .select(['id'])
      .where('externalId', '=', 'VENDOR|REPROCESS-1')
      .executeTakeFirstOrThrow();
    const keysOf = async () =>
      (
        await portal.db
          .selectFrom('deviceMeasurements')
          .select('key')
          .where('sessionId', '=', session.id)
          .execute()
      ).map((row) => row.key);
    const full = await keysOf();
    expect(full).toEqual(expect.arrayContaining(LEARNED_LATER));
    // As if the vocabulary had not known these terms when the message came.
    await portal.db
      .deleteFrom('deviceMeasurements')
      .where('sessionId', '=', session.id)
      .where('key', 'in', LEARNED_LATER)
      .execute();
    expect(await keysOf()).not.toEqual(expect.arrayContaining(LEARNED_LATER));

    const first = await reprocessDeviceDataMessages(portal.db);
    expect(first).toMatchObject({ sessionsFilled: 1, valuesAdded: 2, unreadable: 0 });
    expect((await keysOf()).toSorted()).toEqual(full.toSorted());
    const values = await portal.db
      .selectFrom('deviceMeasurements')
      .select(['key', 'valueNumber', 'source'])
      .where('sessionId', '=', session.id)
      .where('key', 'in', LEARNED_LATER)
      .execute();
    expect(Object.fromEntries(values.map((row) => [row.key, row.valueNumber]))).toEqual({
      MDC_IDC_STAT_CRT_PERCENT_PACED: 80,
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL_MEAN: 2.5,
    });
    expect(values.every((row) => row.source === 'device-import')).toBe(true);
    const event = await portal.db
      .selectFrom('auditEvents')
      .select(['after', 'actorId'])
      .where('actorId', '=', REPROCESS_ACTOR_ID)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(event.after)).toContain('MDC_IDC_STAT_CRT_PERCENT_PACED');
    const kept = await portal.db
      .selectFrom('deviceDataMessages')
      .select(['reprocessedAt', 'raw'])
      .where('sessionId', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(kept.reprocessedAt).not.toBeNull();
    expect(kept.raw).toBe(text);

    // Idempotent: nothing left to add, nothing written.
    const eventsBefore = await portal.db
      .selectFrom('auditEvents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await reprocessDeviceDataMessages(portal.db)).toMatchObject({ sessionsFilled: 0, valuesAdded: 0 });
    const eventsAfter = await portal.db
      .selectFrom('auditEvents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(eventsAfter.n).toBe(eventsBefore.n);
  });
});
