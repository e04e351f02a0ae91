import { describe, expect, it } from 'vitest';
import { sortUsersByName } from './sort-users';

const names = (users: { firstName?: string | null; lastName?: string | null }[]) =>
  users.map((u) => `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim());

describe('sortUsersByName', () => {
  it.each([
    [
      'by first name',
      [
        ['Zoe', 'Adams'],
        ['Adam', 'Zane'],
      ],
      ['Adam Zane', 'Zoe Adams'],
    ],
    [
      'by last name when first names match',
      [
        ['Ann', 'Young'],
        ['Ann', 'Baker'],
      ],
      ['Ann Baker', 'Ann Young'],
    ],
    [
      'ignoring case',
      [
        ['bob', 'smith'],
        ['Alice', 'Jones'],
        ['ALAN', 'King'],
      ],
      ['ALAN King', 'Alice Jones', 'bob smith'],
    ],
    [
      'missing first names first',
      [
        ['Eve', 'Stone'],
        [null, 'Admin'],
      ],
      ['Admin', 'Eve Stone'],
    ],
  ])('sorts %s', (_story, pairs, expected) => {
    const users = pairs.map(([firstName, lastName]) => ({ firstName, lastName }));
    expect(names(sortUsersByName(users))).toEqual(expected);
  });

  it('returns a sorted copy and leaves the input list untouched', () => {
    const users = [{ firstName: 'Zed' }, { firstName: 'Amy' }];
    const sorted = sortUsersByName(users);
    expect(names(users)).toEqual(['Zed', 'Amy']);
    expect(names(sorted)).toEqual(['Amy', 'Zed']);
    expect(sorted).not.toBe(users);
  });

  it('keeps the input order of users with the same name, case aside', () => {
    const first = { firstName: 'sam', lastName: 'lee', id: 1 };
    const second = { firstName: 'Sam', lastName: 'Lee', id: 2 };
    expect(sortUsersByName([first, second]).map((u) => u.id)).toEqual([1, 2]);
  });
});
