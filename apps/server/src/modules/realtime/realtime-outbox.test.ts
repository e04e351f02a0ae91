import { describe, expect, it } from 'vitest';
import { packFanoutPayloads, unpackFanoutPayload } from './realtime-outbox';

describe('fan-out payloads', () => {
  it('stay under the NOTIFY limit and give back every event in order', () => {
    const events = Array.from({ length: 400 }, (_, index) => ({
      channel: `private-auth0-user-${index}`,
      event: 'new-notification',
      data: { id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, type: 'info' },
    }));
    const payloads = packFanoutPayloads(events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap(unpackFanoutPayload)).toEqual(events);
  });

  it('sends nothing for no events', () => {
    expect(packFanoutPayloads([])).toEqual([]);
  });
});
