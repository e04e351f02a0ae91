import { describe, expect, it, vi } from 'vitest';
import { createCallbackSender } from './callback-sender';
import { createIdempotencyStore, type StoredAnswer } from './idempotency';
import { seededRandom } from './seeded-random';
import { createStudyClock } from './study-clock';
import { startCallbackReceiver } from './testing';

// The shared pieces on their own: what the vendor tests cannot easily reach over HTTP.

const created = (body: unknown): StoredAnswer => ({ status: 201, body, contentType: 'application/json' });

describe('the idempotency store', () => {
  it('runs concurrent requests with one key once, the second replaying the first’s answer', async () => {
    const store = createIdempotencyStore({ ttlMs: 1000, now: () => 0 });
    let runs = 0;
    const handle = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return created({ id: runs });
    };
    const [first, second] = await Promise.all([
      store.run('k', { a: 1 }, handle),
      store.run('k', { a: 1 }, handle),
    ]);
    expect(runs).toBe(1);
    expect(first).toEqual({ kind: 'fresh', answer: created({ id: 1 }) });
    expect(second).toEqual({ kind: 'replayed', answer: created({ id: 1 }) });
  });

  it('keeps no refusal, and forgets an answer after its time', async () => {
    let now = 0;
    const store = createIdempotencyStore({ ttlMs: 1000, now: () => now });
    const refused = await store.run('k', {}, async () => ({
      status: 404,
      body: {},
      contentType: 'application/json',
    }));
    expect(refused.kind).toBe('fresh');
    expect(store.size()).toBe(0);
    await store.run('k', { a: 1 }, async () => created('first'));
    expect((await store.run('k', { a: 2 }, async () => created('second'))).kind).toBe('reused');
    now = 1000;
    expect(await store.run('k', { a: 2 }, async () => created('second'))).toEqual({
      kind: 'fresh',
      answer: created('second'),
    });
  });
});

describe('the study clock', () => {
  it('moves a study one state per step to the end of its path, and no further', async () => {
    const moves: string[] = [];
    const clock = createStudyClock({
      path: ['a', 'b', 'c'] as const,
      stepMs: 2,
      onMove: (id, from, to) => moves.push(`${id}:${from}>${to}`),
      onError: () => {},
    });
    clock.start('s1');
    await vi.waitFor(() => expect(moves).toHaveLength(2), { timeout: 2000, interval: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(moves).toEqual(['s1:a>b', 's1:b>c']);
    expect(clock.moving()).toEqual([]);
    clock.close();
  });

  it('stops every timer on close', async () => {
    const moves: string[] = [];
    const clock = createStudyClock({
      path: ['a', 'b'] as const,
      stepMs: 5,
      onMove: (id) => moves.push(id),
      onError: () => {},
    });
    clock.start('s1');
    clock.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(moves).toEqual([]);
  });
});

describe('the callback sender', () => {
  it('gives up after its attempts when the portal cannot be reached, and records it', async () => {
    const receiver = await startCallbackReceiver('secret');
    const url = receiver.url;
    await receiver.close();
    const warnings: string[] = [];
    const sender = createCallbackSender({
      portalUrl: url,
      secret: 'secret',
      attempts: 3,
      retryDelayMs: 1,
      takeDuplicate: () => false,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    sender.send('/api/vendors/zoll/study-events', 'ZS-1', { status: 'scored' });
    await sender.settled();
    expect(sender.stats()).toMatchObject({
      attempts: 3,
      failed: 1,
      answers: { 'network-error': 3 },
      deliveries: [{ status: null, attempts: 3, outcome: 'gave-up' }],
    });
    expect(warnings).toEqual(['A callback ran out of attempts']);
  });

  it('counts callbacks as skipped when no portal is configured', async () => {
    const sender = createCallbackSender({
      portalUrl: undefined,
      secret: 'secret',
      takeDuplicate: () => false,
      log: { warn: () => {} },
    });
    sender.send('/api/reports/wcd', 'IB-1', {});
    await sender.settled();
    expect(sender.stats()).toMatchObject({ attempts: 0, skipped: 1 });
  });
});

describe('the seeded random numbers', () => {
  it('are the same for the same seed and differ for another', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, seededRandom(seed).next);
    expect(draw('ZS-1')).toEqual(draw('ZS-1'));
    expect(draw('ZS-1')).not.toEqual(draw('ZS-2'));
    expect(draw('ZS-1').every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
