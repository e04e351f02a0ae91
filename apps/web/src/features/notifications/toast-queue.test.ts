import { describe, expect, it } from 'vitest';
import { addToast, listVisibleToasts, removeToast, type Toast } from './toast-queue';

describe('the toast queue', () => {
  it('shows at most three at once; the fourth shows when one goes', () => {
    let queue: Toast[] = [];
    for (const key of [1, 2, 3, 4]) queue = addToast(queue, { key, message: `m${key}` });
    expect(listVisibleToasts(queue).map((toast) => toast.key)).toEqual([1, 2, 3]);
    queue = removeToast(queue, 2);
    expect(listVisibleToasts(queue).map((toast) => toast.key)).toEqual([1, 3, 4]);
  });
});
