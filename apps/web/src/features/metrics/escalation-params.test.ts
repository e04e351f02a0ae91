import { describe, expect, it } from 'vitest';
import {
  readEscalationParams,
  toEscalationQuery,
  toEscalationSearchParams,
  updateEscalationParams,
} from './escalation-params';

const read = (query: Record<string, string>) => readEscalationParams(new URLSearchParams(query));

describe("the escalation queue's filters and page in the address", () => {
  it('a bare address: every level, overdue or soon, every clinic, the first page of 25', () => {
    const bare = read({});
    expect(bare).toEqual({ level: 'any', when: 'all', clinicNpi: '', page: 1, size: 25 });
    expect(toEscalationSearchParams(bare).toString()).toBe('');
    expect(toEscalationQuery(bare)).toEqual({
      level: undefined,
      when: 'all',
      clinicNpi: undefined,
      page: 1,
      size: 25,
    });
  });

  it('round-trips, and sends the API what the address says', () => {
    const params = read({
      level: 'routine',
      when: 'overdue',
      clinicNpi: '1209945553',
      page: '3',
      size: '50',
    });
    expect(readEscalationParams(toEscalationSearchParams(params))).toEqual(params);
    expect(toEscalationQuery(params)).toEqual({
      level: 'routine',
      when: 'overdue',
      clinicNpi: '1209945553',
      page: 3,
      size: 50,
    });
  });

  it('unknown values never reach the server', () => {
    expect(read({ level: 'urgent', when: 'later', clinicNpi: '12', page: '0', size: '1000' })).toEqual(
      read({}),
    );
  });

  it('a filter change goes back to the first page; a page change keeps the filters', () => {
    const third = read({ level: 'high', page: '3' });
    expect(updateEscalationParams(third, { when: 'soon' })).toMatchObject({
      when: 'soon',
      page: 1,
      level: 'high',
    });
    expect(updateEscalationParams(third, { page: 4 })).toMatchObject({ page: 4, level: 'high' });
  });
});
