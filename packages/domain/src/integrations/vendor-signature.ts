// The signature on a vendor's call to the portal (VENDOR_PROTOCOLS.md, "Calls from a vendor to the
// portal"): `X-Vendor-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256(secret, "<t>.<delivery id>.<raw body>")>`.
// The timestamp inside the signed text stops an old delivery being replayed later; the delivery id inside
// it (X-Vendor-Delivery-Id, required) stops a captured call being replayed within the window as a new
// delivery (issue 31 §3): a replay repeats the delivery id, which the portal has taken already. Web
// Crypto, so the server and the simulators share one implementation.

export const VENDOR_SIGNATURE_HEADER = 'x-vendor-signature';
export const VENDOR_DELIVERY_ID_HEADER = 'x-vendor-delivery-id';
/** A signature more than this far from the portal's clock is refused. */
export const VENDOR_SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a signature covers besides its time: the delivery id and the body as sent. */
export type SignedDelivery = { deliveryId: string; rawBody: string };

function signedText(timestampSeconds: number, delivery: SignedDelivery): string {
  return `${timestampSeconds}.${delivery.deliveryId}.${delivery.rawBody}`;
}

/** The header value for a delivery sent at `timestampSeconds`. */
export async function signVendorPayload(
  secret: string,
  delivery: SignedDelivery,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacHex(secret, signedText(timestampSeconds, delivery))}`;
}

/** Compares in time that does not depend on where the texts differ. */
function equalInConstantTime(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0);
  }
  return difference === 0;
}

export type VendorSignatureCheck = { ok: true } | { ok: false; reason: string };

/** Whether `header` signs the delivery (id and body) with `secret`, within the tolerance of `nowSeconds`. */
export async function verifyVendorSignature(
  secret: string,
  header: string | undefined,
  delivery: { deliveryId: string | undefined; rawBody: string },
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<VendorSignatureCheck> {
  if (!header) return { ok: false, reason: 'The X-Vendor-Signature header is missing' };
  if (!delivery.deliveryId) return { ok: false, reason: 'The X-Vendor-Delivery-Id header is missing' };
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isInteger(timestamp) || !signature) {
    return { ok: false, reason: 'The X-Vendor-Signature header is not t=<seconds>,v1=<hex>' };
  }
  if (Math.abs(nowSeconds - timestamp) > VENDOR_SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'The X-Vendor-Signature timestamp is too far from the present' };
  }
  const expected = await hmacHex(
    secret,
    signedText(timestamp, { deliveryId: delivery.deliveryId, rawBody: delivery.rawBody }),
  );
  return equalInConstantTime(expected, signature.toLowerCase())
    ? { ok: true }
    : { ok: false, reason: 'The X-Vendor-Signature does not match the body and delivery id' };
}
