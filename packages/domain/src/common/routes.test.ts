import { describe, expect, it } from 'vitest';
import { buildMyToDoLink, buildSignatureDashboardLink } from './routes';

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

describe('buildMyToDoLink', () => {
  it("a reminder links to the reader's own to-do list at every clinic, in the SPEC §2 link shape", () => {
    expect(buildMyToDoLink()).toBe(
      '/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=todo&assignedTo=me',
    );
  });
});
