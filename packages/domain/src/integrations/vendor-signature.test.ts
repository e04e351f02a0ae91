import { describe, expect, it } from 'vitest';
import { signVendorPayload, verifyVendorSignature } from './vendor-signature';

describe('vendor callback signatures', () => {
  const body = '{"studyId":"ZS-1","status":"scored"}';
  const delivery = { deliveryId: 'd-1', rawBody: body };

  it('verifies what it signed, within five minutes', async () => {
    const header = await signVendorPayload('secret', delivery, 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(await verifyVendorSignature('secret', header, delivery, 1_800_000_299)).toEqual({ ok: true });
  });

  it.each([
    ['another secret', 'other', delivery, 1_800_000_000, 'does not match'],
    ['a changed body', 'secret', { ...delivery, rawBody: `${body} ` }, 1_800_000_000, 'does not match'],
    // Issue 31 §3: a captured call replayed as a new delivery no longer verifies.
    ['another delivery id', 'secret', { ...delivery, deliveryId: 'd-2' }, 1_800_000_000, 'does not match'],
    ['no delivery id', 'secret', { deliveryId: undefined, rawBody: body }, 1_800_000_000, 'Delivery-Id'],
    ['an old signature', 'secret', delivery, 1_800_000_301, 'too far'],
  ])('refuses %s', async (_case, secret, sent, now, reason) => {
    const header = await signVendorPayload('secret', delivery, 1_800_000_000);
    const check = await verifyVendorSignature(secret, header, sent, now);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toContain(reason);
  });

  it.each([undefined, '', 'v1=abc', 't=x,v1=abc'])('refuses a malformed header %j', async (header) => {
    expect((await verifyVendorSignature('secret', header, delivery)).ok).toBe(false);
  });
});
