import { describe, expect, it } from 'vitest';
import { formatAuditReport } from './format-audit-report';
import type { AuditVerification } from './verify-audit-chain';

const chain = (
  overrides: Partial<AuditVerification['chains'][number]>,
): AuditVerification['chains'][number] => ({
  chain: 'clinic:1000000001',
  intact: true,
  events: 12,
  sealedEvents: 9,
  lastSealedAt: '2026-12-07T16:41:00.000Z',
  unsealedTail: { events: 3, firstEventId: '410', since: '2026-12-07T16:41:20.000Z' },
  breakCount: 0,
  breaks: [],
  ...overrides,
});

const context = { database: 'PostgreSQL', sealDir: '/var/lib/portal/audit-seals' };

describe('the verify report (issue 31: the unsealed window is shown)', () => {
  it('names each chain’s unsealed tail with its length, first event and time, and the total', () => {
    const text = formatAuditReport(
      {
        intact: true,
        unsealedEvents: 3,
        checkedAt: '2026-12-07T16:42:00.000Z',
        keyId: 'abc',
        chains: [chain({})],
        seals: { valid: 4, invalid: 0, problems: [] },
      },
      context,
    );
    expect(text).toContain('unsealed tail: 3 events since 2026-12-07T16:41:20.000Z (event 410)');
    expect(text).toMatch(/^Result: INTACT: 1 chain, 12 events; unsealed tail: 3 events not yet sealed$/m);
  });

  it('says all is sealed when no tail is left, and counts the tail beside the breaks of a broken trail', () => {
    const sealed = formatAuditReport(
      {
        intact: true,
        unsealedEvents: 0,
        checkedAt: '2026-12-07T16:42:00.000Z',
        keyId: 'abc',
        chains: [chain({ sealedEvents: 12, unsealedTail: { events: 0, firstEventId: null, since: null } })],
        seals: { valid: 4, invalid: 0, problems: [] },
      },
      context,
    );
    expect(sealed).toMatch(/^Result: INTACT: 1 chain, 12 events, all sealed$/m);
    const broken = formatAuditReport(
      {
        intact: false,
        unsealedEvents: 3,
        checkedAt: '2026-12-07T16:42:00.000Z',
        keyId: 'abc',
        chains: [
          chain({
            intact: false,
            breakCount: 1,
            breaks: [{ position: 9, eventId: '400', kind: 'missing', missingEvents: 1, detail: 'gone' }],
          }),
        ],
        seals: { valid: 4, invalid: 0, problems: [] },
      },
      context,
    );
    expect(broken).toMatch(/^Result: NOT INTACT: 1 of 1 chain broken \(1 break\), unsealed tail: 3 events$/m);
  });
});
