import { describe, expect, it } from 'vitest';
import { inboxDocumentLink } from './inbox-link';

describe('inboxDocumentLink', () => {
  it("opens the signature dashboard on the document, at its clinic, whatever the reader's filters", () => {
    const link = new URL(inboxDocumentLink('1209945553', 'a6f1c3e2-1111-4222-8333-444455556666'), 'http://x');
    expect(link.pathname).toBe('/signature/dashboard/');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      clinicNpi: '1209945553',
      serviceLine: 'any',
      type: 'any',
      status: 'any',
      assignedTo: 'any',
      idIn: 'a6f1c3e2-1111-4222-8333-444455556666',
    });
  });
});
