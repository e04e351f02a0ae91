import { describe, expect, it } from 'vitest';
import { signVendorPayload, verifyVendorSignature } from './vendor-signature';

describe('vendor callback signatures', () => {
  const body = '{"studyId":"ZS-1","status":"scored"}';

  it('verifies what it signed, within five minutes', async () => {
    const header = await signVendorPayload('secret', body, 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(await verifyVendorSignature('secret', header, body, 1_800_000_299)).toEqual({ ok: true });
  });

  it.each([
    ['another secret', 'other', body, 1_800_000_000, 'does not match'],
    ['a changed body', 'secret', `${body} `, 1_800_000_000, 'does not match'],
    ['an old signature', 'secret', body, 1_800_000_301, 'too far'],
  ])('refuses %s', async (_case, secret, sentBody, now, reason) => {
    const header = await signVendorPayload('secret', body, 1_800_000_000);
    const check = await verifyVendorSignature(secret, header, sentBody, now);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toContain(reason);
  });

  it.each([undefined, '', 'v1=abc', 't=x,v1=abc'])('refuses a malformed header %j', async (header) => {
    expect((await verifyVendorSignature('secret', header, body)).ok).toBe(false);
  });
});
