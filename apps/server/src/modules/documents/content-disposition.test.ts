import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

/** What a client does with the header: filename* when there is one, percent-decoded as UTF-8. */
function filenameAsClientsRead(header: string): { fallback: string; exact: string | undefined } {
  const fallback = /filename="([^"]*)"/.exec(header)?.[1] ?? '';
  const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(header)?.[1];
  return { fallback, exact: encoded === undefined ? undefined : decodeURIComponent(encoded) };
}

describe('the Content-Disposition of a download', () => {
  it.each([
    [
      'a Polish name',
      'ICD_90_day_report_Łukasz_Żółć_2026-11-02.pdf',
      'ICD_90_day_report_Lukasz_Zolc_2026-11-02.pdf',
    ],
    [
      'an apostrophe and parentheses',
      "PM_in_person_report_Ana_O'Neil_(2).pdf",
      "PM_in_person_report_Ana_O'Neil_(2).pdf",
    ],
    ['a quote and a backslash', 'a"b\\c.pdf', 'a-b-c.pdf'],
    ['Chinese and an emoji', 'Holter_王小明_🫀.pdf', 'Holter_-_-.pdf'],
  ])('carries %s exactly in filename* and in ASCII in filename', (_story, filename, fallback) => {
    const header = attachmentDisposition(filename);
    // Node refuses a header value outside Latin-1 (ERR_INVALID_CHAR); this one is ASCII throughout.
    expect(header).toMatch(/^[\u0020-\u007e]+$/);
    expect(header).toMatch(/^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(filenameAsClientsRead(header)).toEqual({ fallback, exact: filename });
  });

  it('survives an unpaired surrogate in stored data, as the replacement character', () => {
    const header = attachmentDisposition('Ada_\uD800.pdf');
    expect(filenameAsClientsRead(header)).toEqual({ fallback: 'Ada_-.pdf', exact: 'Ada_\uFFFD.pdf' });
  });
});
