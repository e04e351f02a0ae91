import { createHash } from 'node:crypto';
import { DEFAULT_PDF_PROVIDER_NOTE, DEFAULT_SIGNATURE_LABEL } from '@portal/domain';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignatureManifestation, stampSignature } from './stamp-signature';
import {
  checkWithQpdf,
  extractText,
  findChangedArea,
  renderPageGray,
  withoutWhitespace,
} from './test-support/pdf-tools';
import { buildDemoReport, buildSamplePdf, buildUnbalancedStatePdf } from './test-support/sample-pdfs';

const manifestation: SignatureManifestation = {
  signatureLabel: DEFAULT_SIGNATURE_LABEL,
  signerName: 'Łukasz Żółć',
  signedAtText: '11/21/2026 10:42:13 am',
  providerNoteLabel: DEFAULT_PDF_PROVIDER_NOTE,
  note: 'Reviewed the AF episodes; anticoagulation discussed with the patient.',
  footerText: 'Riverside Heart & Rhythm Center · Interpreting physician',
  dateOfService: { mode: 'show', text: '11/01/2026' },
  documentId: '7f3c9a52-1d2e-4b8a-9c61-2f1e0d3b4a5c',
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pageCountOf = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

describe('stamping a signature onto a report', () => {
  let report: Uint8Array;
  beforeAll(async () => {
    report = await buildDemoReport();
  });

  it('adds one signature page a validating reader accepts, and every signed page names the signer', async () => {
    const signed = await stampSignature(report, manifestation);

    expect((await checkWithQpdf(signed)).exitCode).toBe(0);
    expect(await pageCountOf(signed)).toBe(6);
    for (let page = 1; page <= 5; page++) {
      expect(await extractText(signed, { first: page, last: page })).toContain(
        'Electronically signed by Łukasz Żółć · 11/21/2026 10:42:13 am · Riverside Heart & Rhythm Center · Interpreting physician',
      );
    }
    const signaturePage = await extractText(signed, { first: 6, last: 6 });
    for (const text of [
      'Electronic signature',
      'Reviewed by: Łukasz Żółć',
      'Signed: 11/21/2026 10:42:13 am',
      'Date of service: 11/01/2026',
      'Provider Note',
      'Riverside Heart & Rhythm Center · Interpreting physician',
      'Document ID: 7f3c9a52-1d2e-4b8a-9c61-2f1e0d3b4a5c',
    ]) {
      expect(signaturePage).toContain(text);
    }
    expect(withoutWhitespace(signaturePage)).toContain(withoutWhitespace(manifestation.note));
  });

  it.each<[string, Partial<SignatureManifestation>, string[], string[]]>([
    [
      'the clinic hides the date of service',
      { dateOfService: { mode: 'hide', text: '11/01/2026' } },
      ['Reviewed by: Łukasz Żółć'],
      ['Date of service'],
    ],
    [
      'the clinic replaces the date of service with the signing date',
      { dateOfService: { mode: 'replace-with-signature-date', text: '11/01/2026' } },
      ['Date of service: 11/21/2026'],
      ['11/01/2026'],
    ],
    [
      'the clinic renamed the labels',
      { signatureLabel: 'Interpreted by:', providerNoteLabel: 'Interpretation' },
      ['Interpreted by: Łukasz Żółć', 'Interpretation'],
      ['Reviewed by:', 'Provider Note'],
    ],
    ['the signer left no note', { note: '' }, ['Provider Note', 'No note was entered.'], []],
    [
      'a Cyrillic, a Greek and a Vietnamese name',
      { signerName: 'Дмитрий Ἀθηνᾶ Nguyễn Thị Ánh' },
      ['Reviewed by: Дмитрий Ἀθηνᾶ Nguyễn Thị Ánh'],
      [],
    ],
    [
      'a name typed with combining accents',
      { signerName: 'Łukasz Z\u0307o\u0301łc\u0301' },
      ['Reviewed by: Łukasz Żółć'],
      [],
    ],
  ])('%s', async (_story, change, expected, absent) => {
    const signed = await stampSignature(report, { ...manifestation, ...change });
    const signaturePage = await extractText(signed, { first: 6, last: 6 });
    for (const text of expected) expect(signaturePage).toContain(text);
    for (const text of absent) expect(signaturePage).not.toContain(text);
  });

  it('without clinic footer text, the page footer is just the signature', async () => {
    const signed = await stampSignature(report, { ...manifestation, footerText: '' });
    const lines = (await extractText(signed, { first: 1, last: 1 })).split('\n');
    expect(lines).toContain('Electronically signed by Łukasz Żółć · 11/21/2026 10:42:13 am');
  });

  it('wraps a 900-character note to the page, honours its line breaks and breaks a word too long for a line', async () => {
    const longWord = `https://portal.example/reports/${'x'.repeat(150)}`;
    const paragraph = 'Device function appropriate; battery and leads stable. ';
    const note = `First line.\nSecond line after a break.\n\n${longWord}\n${paragraph.repeat(20)}`.slice(
      0,
      900,
    );
    expect(note).toHaveLength(900);

    const signed = await stampSignature(report, { ...manifestation, note });

    expect((await checkWithQpdf(signed)).exitCode).toBe(0);
    const signaturePage = await extractText(signed, { first: 6, last: 6 });
    expect(withoutWhitespace(signaturePage)).toContain(withoutWhitespace(note));
    const lines = signaturePage.split('\n');
    expect(lines).toContain('First line.');
    expect(lines).toContain('Second line after a break.');
    // The long word sits on more than one line, each within the page.
    const pieces = lines.filter((line) => line.includes('xxxxx'));
    expect(pieces.length).toBeGreaterThan(1);
  });

  it('continues a note of many short lines on a further page instead of cutting it', async () => {
    const note = Array.from({ length: 50 }, (_unused, index) => `Line ${index + 1}`).join('\n');
    const signed = await stampSignature(report, { ...manifestation, note });

    expect(await pageCountOf(signed)).toBe(7);
    const signatureText = await extractText(signed, { first: 6, last: 7 });
    expect(signatureText).toContain('Electronic signature (continued)');
    for (const line of ['Line 1', 'Line 25', 'Line 50']) expect(signatureText.split('\n')).toContain(line);
    expect(signatureText.match(/Document ID: 7f3c9a52/g)).toHaveLength(2);
  });

  it('shows a character the font lacks as a visible replacement instead of failing or dropping it', async () => {
    const signed = await stampSignature(report, { ...manifestation, signerName: 'Wang 王小明' });
    expect(await extractText(signed, { first: 6, last: 6 })).toContain(
      'Reviewed by: Wang \uFFFD\uFFFD\uFFFD',
    );
  });

  it('never changes the caller’s bytes, and the same input gives the same output', async () => {
    const before = sha256(report);
    const first = await stampSignature(report, manifestation);
    const second = await stampSignature(report, manifestation);
    const otherSigner = await stampSignature(report, { ...manifestation, signerName: 'Ada Lovelace' });

    expect(sha256(report)).toBe(before);
    expect(sha256(second)).toBe(sha256(first));
    expect(sha256(otherSigner)).not.toBe(sha256(first));
  });

  it.each<[string, Partial<SignatureManifestation>, RegExp]>([
    ['a note over 900 characters', { note: 'x'.repeat(901) }, /at most 900/],
    ['no signer name', { signerName: '  ' }, /signer name/],
    ['no signing time', { signedAtText: '' }, /signing time/],
    ['no document id', { documentId: '' }, /document id/],
  ])('refuses to sign with %s', async (_story, change, message) => {
    await expect(stampSignature(report, { ...manifestation, ...change })).rejects.toThrow(message);
  });
});

describe('the footer on pages of every shape', () => {
  const DPI = 50;
  const FOOTER_BAND_POINTS = 24;

  it.each<[string, () => Promise<Uint8Array>]>([
    ['a portrait Letter page', () => buildSamplePdf([{ size: [612, 792], label: 'Letter' }])],
    ['an A4 page', () => buildSamplePdf([{ size: [595.28, 841.89], label: 'A4' }])],
    ['a landscape page', () => buildSamplePdf([{ size: [792, 612], label: 'Landscape' }])],
    ['a page rotated 90°', () => buildSamplePdf([{ size: [612, 792], rotate: 90, label: 'Rotated 90' }])],
    ['a page rotated 180°', () => buildSamplePdf([{ size: [612, 792], rotate: 180, label: 'Rotated 180' }])],
    ['a page rotated 270°', () => buildSamplePdf([{ size: [612, 792], rotate: 270, label: 'Rotated 270' }])],
    [
      'a page whose crop box hides its margins',
      () => buildSamplePdf([{ size: [612, 792], cropBox: [60, 80, 480, 620], label: 'Cropped' }]),
    ],
    [
      'a page that scales its content and never restores the graphics state',
      async () => buildUnbalancedStatePdf(),
    ],
  ])('%s: only a one-line band at the visible bottom changes', async (_story, build) => {
    const original = await build();
    const signed = await stampSignature(original, manifestation);

    expect((await checkWithQpdf(signed)).exitCode).toBe(0);
    expect(await extractText(signed, { first: 1, last: 1 })).toContain(
      'Electronically signed by Łukasz Żółć',
    );
    const before = await renderPageGray(original, 1, DPI);
    const after = await renderPageGray(signed, 1, DPI);
    const changed = findChangedArea(before, after);
    if (!changed) throw new Error('The footer was not drawn on the page');
    const band = (FOOTER_BAND_POINTS * DPI) / 72;
    expect(changed.top).toBeGreaterThanOrEqual(after.height - band);
    // One line of text reading left to right on screen: wide, not tall.
    expect(changed.right - changed.left).toBeGreaterThan(4 * (changed.bottom - changed.top));
  });

  it('makes the signature page as wide as the first page, and Letter high', async () => {
    const signed = await stampSignature(
      await buildSamplePdf([{ size: [595.28, 841.89], label: 'A4' }]),
      manifestation,
    );
    const signaturePage = (await PDFDocument.load(signed)).getPage(1);
    expect(signaturePage.getWidth()).toBeCloseTo(595.28, 1);
    expect(signaturePage.getHeight()).toBe(792);
  });
});
