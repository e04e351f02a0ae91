import { describe, expect, it } from 'vitest';
import { FairQueue, type FairQueueLimits } from './fair-queue';

/** Tasks that run until the test lets each finish, noting the order they started in. */
function harness(limits: FairQueueLimits) {
  const queue = new FairQueue(limits);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (caller: string, name: string) =>
    queue.run(caller, async () => {
      started.push(name);
      await new Promise<void>((resolve) => finishers.set(name, resolve));
      return name;
    });
  const finish = async (name: string) => {
    // Let a task that was just given a slot reach its first line first.
    await new Promise((resolve) => setImmediate(resolve));
    finishers.get(name)?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, started, submit, finish };
}

describe('a fair queue of checks', () => {
  it('takes turns between callers: those who come later go before the flooder’s second task', async () => {
    const { started, submit, finish } = harness({
      concurrency: 1,
      perCaller: 10,
      queueLimit: 10,
      runningPerCaller: 1,
    });
    const results = [
      submit('flooder', 'f1'),
      submit('flooder', 'f2'),
      submit('flooder', 'f3'),
      submit('nurse', 'n1'),
      submit('flooder', 'f4'),
      submit('tech', 't1'),
    ];
    for (const name of ['f1', 'n1', 't1', 'f2', 'f3', 'f4']) await finish(name);
    expect(await Promise.all(results)).toEqual(['f1', 'f2', 'f3', 'n1', 'f4', 't1']);
    expect(started).toEqual(['f1', 'n1', 't1', 'f2', 'f3', 'f4']);
  });

  it('gives a newcomer no credit for the rounds before it came: it joins the current one', async () => {
    const { started, submit, finish } = harness({
      concurrency: 1,
      perCaller: 10,
      queueLimit: 10,
      runningPerCaller: 1,
    });
    const first = ['a1', 'a2', 'a3', 'a4'].map((name) => submit('a', name));
    await finish('a1');
    await finish('a2');
    const later = ['b1', 'b2', 'b3'].map((name) => submit('b', name));
    for (const name of ['a3', 'b1', 'a4', 'b2', 'b3']) await finish(name);
    await Promise.all([...first, ...later]);
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'a4', 'b2', 'b3']);
  });

  it('refuses a caller beyond its share at once, and still admits someone else', async () => {
    const { queue, submit, finish } = harness({
      concurrency: 2,
      perCaller: 2,
      queueLimit: 10,
      runningPerCaller: 1,
    });
    const admitted = [submit('flooder', 'f1'), submit('flooder', 'f2')];
    await expect(submit('flooder', 'f3')).rejects.toMatchObject({
      name: 'FairQueueFullError',
      scope: 'caller',
    });
    const other = submit('nurse', 'n1');
    expect(queue.runningCount).toBe(2);
    for (const name of ['n1', 'f1', 'f2']) await finish(name);
    expect(await Promise.all([...admitted, other])).toEqual(['f1', 'f2', 'n1']);
    // Once its checks are done, the flooder's share is free again.
    const again = submit('flooder', 'f4');
    await finish('f4');
    expect(await again).toBe('f4');
  });

  it('leaves a worker for others: a caller runs at most runningPerCaller tasks at once', async () => {
    const { queue, started, submit, finish } = harness({
      concurrency: 2,
      perCaller: 5,
      queueLimit: 10,
      runningPerCaller: 1,
    });
    const flood = [submit('flooder', 'f1'), submit('flooder', 'f2'), submit('flooder', 'f3')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['f1']);
    expect(queue.waitingCount).toBe(2);
    const nurse = submit('nurse', 'n1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['f1', 'n1']);
    for (const name of ['n1', 'f1', 'f2', 'f3']) await finish(name);
    await Promise.all([...flood, nurse]);
  });

  it('refuses any caller once the queue is full', async () => {
    const { queue, submit, finish } = harness({
      concurrency: 1,
      perCaller: 5,
      queueLimit: 2,
      runningPerCaller: 1,
    });
    const admitted = [submit('a', 'a1'), submit('a', 'a2'), submit('b', 'b1')];
    expect(queue.waitingCount).toBe(2);
    await expect(submit('c', 'c1')).rejects.toMatchObject({ scope: 'queue' });
    for (const name of ['a1', 'b1', 'a2']) await finish(name);
    await Promise.all(admitted);
    expect(queue.waitingCount).toBe(0);
  });

  it('frees the slot and the share of a task that fails', async () => {
    const queue = new FairQueue({ concurrency: 1, perCaller: 1, queueLimit: 1, runningPerCaller: 1 });
    await expect(queue.run('a', () => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    expect(queue.runningCount).toBe(0);
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });
});
