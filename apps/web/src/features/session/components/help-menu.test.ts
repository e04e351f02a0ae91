import { DEFAULT_SUPPORT_EMAILS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { listSupportEmails } from './help-menu';

describe("the help menu's support e-mails (clinic setting supportEmails, comma-separated)", () => {
  it('lists each address once, trimmed', () => {
    expect(listSupportEmails(' help@aspen.example, it@aspen.example ,,help@aspen.example')).toEqual([
      'help@aspen.example',
      'it@aspen.example',
    ]);
  });

  it('falls back to the default when the setting is empty or not loaded', () => {
    const fallback = DEFAULT_SUPPORT_EMAILS.split(',').map((address) => address.trim());
    expect(listSupportEmails(undefined)).toEqual(fallback);
    expect(listSupportEmails('  ')).toEqual(fallback);
    expect(listSupportEmails(null)).toEqual(fallback);
  });
});
