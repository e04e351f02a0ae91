import { describe, expect, it } from 'vitest';
import { buildDefaultUserSignatureSettings } from './api/get-signature-settings';
import { listNotePrompts } from './note-prompts';

describe('quick-insert prompts come from the signature settings of the document service line', () => {
  const settings = {
    ...buildDefaultUserSignatureSettings('auth0|provider'),
    crmPrompts: ['Device functioning normally.', ' Battery OK. ', '', 'Battery OK.'],
    rpmPrompts: ['Vitals within range.'],
    noIssuesNote: 'No issues found.',
  };

  it('uses the list of the service line, trimmed, without blanks or repeats', () => {
    expect(listNotePrompts('crm', settings)).toEqual(['Device functioning normally.', 'Battery OK.']);
    expect(listNotePrompts('rpm', settings)).toEqual(['Vitals within range.']);
    expect(listNotePrompts('sleep', settings)).toEqual(['Report reviewed.']);
  });

  it('offers the no-issues note for a service line without a list', () => {
    expect(listNotePrompts('unknown', settings)).toEqual(['No issues found.']);
  });

  it("falls back to SPEC's defaults: 'Report reviewed.' everywhere", () => {
    const defaults = buildDefaultUserSignatureSettings('auth0|provider');
    for (const line of ['crm', 'wcd', 'sleep', 'abpm', 'rpm'])
      expect(listNotePrompts(line, defaults)).toEqual(['Report reviewed.']);
  });
});
