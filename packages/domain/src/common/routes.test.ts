import { describe, expect, it } from 'vitest';
import { buildSignatureDashboardLink } from './routes';

describe('buildSignatureDashboardLink', () => {
  it.each([
    ['a plain id', 'doc-1', 'doc-1'],
    ['an id that needs escaping', 'a b&c', 'a+b%26c'],
  ])('a notification about %s links with every filter set to any', (_story, id, encoded) => {
    expect(buildSignatureDashboardLink(id)).toBe(
      `/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=any&assignedTo=any&idIn=${encoded}`,
    );
  });

  it('the link round-trips the id through URLSearchParams', () => {
    const link = buildSignatureDashboardLink('a b&c');
    expect(new URL(link, 'https://portal.example').searchParams.get('idIn')).toBe('a b&c');
  });
});
