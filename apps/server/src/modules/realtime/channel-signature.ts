import { createHmac, timingSafeEqual } from 'node:crypto';

/** The Pusher private-channel signature: `key:HMAC-SHA256-hex(secret, socket_id + ':' + channel)`. */
export function signChannel(options: {
  key: string;
  secret: string;
  socketId: string;
  channel: string;
}): string {
  const digest = createHmac('sha256', options.secret)
    .update(`${options.socketId}:${options.channel}`)
    .digest('hex');
  return `${options.key}:${digest}`;
}

export function isValidChannelSignature(
  options: { key: string; secret: string; socketId: string; channel: string },
  auth: unknown,
): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signChannel(options));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
