import { deflateSync } from 'node:zlib';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { type DemoReportInput, generateDemoReportPdf } from '../generate-demo-report';

export type RawObject = { dict: string; stream?: Uint8Array | string };

/**
 * A PDF written by hand, objects numbered from 1, with a correct cross-reference table: for the shapes
 * pdf-lib would never produce (inherited attributes, unbalanced graphics state, hostile page trees).
 */
export function buildRawPdf(objects: RawObject[], trailer = '/Root 1 0 R'): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  for (const [index, object] of objects.entries()) {
    offsets.push(length);
    if (object.stream === undefined) {
      push(Buffer.from(`${index + 1} 0 obj\n${object.dict}\nendobj\n`, 'latin1'));
      continue;
    }
    const data =
      typeof object.stream === 'string' ? Buffer.from(object.stream, 'latin1') : Buffer.from(object.stream);
    const dict = object.dict.replace(/>>\s*$/, ` /Length ${data.length} >>`);
    push(Buffer.from(`${index + 1} 0 obj\n${dict}\nstream\n`, 'latin1'));
    push(data);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} ${trailer} >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  push(Buffer.from(xref, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

export type SamplePage = {
  size: [number, number];
  rotate?: 0 | 90 | 180 | 270;
  cropBox?: [number, number, number, number];
  label: string;
};

/** Pages with text and shapes all over them (except the bottom 30 pt of the visible area). */
export async function buildSamplePdf(pages: SamplePage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  for (const sample of pages) {
    const page = doc.addPage(sample.size);
    const [x, y, width, height] = sample.cropBox ?? [0, 0, sample.size[0], sample.size[1]];
    if (sample.cropBox) page.setCropBox(x, y, width, height);
    page.drawRectangle({
      x: x + 20,
      y: y + 40,
      width: width - 40,
      height: height - 60,
      color: rgb(0.93, 0.95, 1),
    });
    page.drawText(sample.label, { x: x + 40, y: y + height - 60, size: 18, font });
    page.drawText('Content near the bottom margin', { x: x + 40, y: y + 45, size: 9, font });
    if (sample.rotate) page.setRotation(degrees(sample.rotate));
  }
  return doc.save();
}

/**
 * One page whose MediaBox and font come from its parent /Pages node, and whose content scales the
 * coordinate system by 2 and never restores it: a footer drawn after it without care would be huge
 * and misplaced.
 */
export function buildUnbalancedStatePdf(): Uint8Array {
  return buildRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    {
      dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>',
    },
    { dict: '<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>' },
    { dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    {
      dict: '<< >>',
      stream: '2 0 0 2 0 0 cm 0.2 g BT /F1 12 Tf 20 300 Td (Scaled twice, never restored) Tj ET\n',
    },
  ]);
}

/** The input of a five-page demo report: a coversheet, measurements, three pages of strips. */
export function buildDemoReportInput(overrides: Partial<DemoReportInput> = {}): DemoReportInput {
  return {
    seed: 42,
    documentType: 'implicity-90-day-remote-report',
    serviceLine: 'crm',
    clinicName: 'Riverside Heart & Rhythm Center',
    patient: { firstName: 'Ada', lastName: 'Castillo', dob: new Date(Date.UTC(1948, 2, 7)), id: 'P100042' },
    device: {
      manufacturer: 'Medtronic',
      modelName: 'Azure XT DR',
      serialNumber: 'SN482913',
      implantDate: '2019-04-15',
      chambers: 'Dual',
    },
    dos: new Date('2026-11-01T10:42:13Z'),
    pageCount: 5,
    ...overrides,
  };
}

/** That report's PDF. */
export function buildDemoReport(overrides: { pageCount?: number; seed?: number } = {}): Promise<Uint8Array> {
  return generateDemoReportPdf(buildDemoReportInput(overrides));
}

/** A page tree whose object stream inflates to `megabytes` of spaces: tiny on disk, heavy to parse. */
export function buildDeflateBombPdf(megabytes: number): Uint8Array {
  const payload = deflateSync(Buffer.alloc(megabytes * 1024 * 1024, 0x20), { level: 9 });
  return buildRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>' },
    { dict: '<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>', stream: payload },
  ]);
}
