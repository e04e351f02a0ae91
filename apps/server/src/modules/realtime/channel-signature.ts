import { createHmac, timingSafeEqual } from 'node:crypto';

type SignedSubscription = {
  key: string;
  secret: string;
  socketId: string;
  channel: string;
  /**
   * Signed along with the channel when present, as Pusher signs a presence channel's member data:
   * `socket_id:channel:channel_data`. pusher-js sends it back verbatim when it subscribes.
   */
  channelData?: string | undefined;
};

/** The Pusher channel signature: `key:HMAC-SHA256-hex(secret, socket_id:channel[:channel_data])`. */
export function signChannel(options: SignedSubscription): string {
  const signed =
    options.channelData === undefined
      ? `${options.socketId}:${options.channel}`
      : `${options.socketId}:${options.channel}:${options.channelData}`;
  const digest = createHmac('sha256', options.secret).update(signed).digest('hex');
  return `${options.key}:${digest}`;
}

export function isValidChannelSignature(options: SignedSubscription, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signChannel(options));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
