import { ISO_WITH_OFFSET, readSignerClock } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { localTime } from './local-time';

describe('the signer clock sent with a signature (issue 31 §1)', () => {
  it('is ISO 8601 with the browser’s offset, which the server accepts', () => {
    const now = new Date('2026-12-07T16:42:10Z');
    const sent = localTime(now);
    expect(sent).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(sent)).toBe(now.getTime());
    expect(readSignerClock(sent, now)).toMatchObject({ ok: true });
  });
});
