// Runs in the PDF-checking worker (imported by inspect-pdf.worker.ts as './measure-inflated-size.ts'):
// Node strips its types, so it may import packages and '.ts' files only, and use no enums or parameter
// properties.
import { constants, createInflate } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

export type InflationVerdict =
  | { kind: 'within'; inflatedBytes: number }
  /** `inflatedBytes`: what was inflated before counting stopped, a little past the limit. */
  | { kind: 'over'; inflatedBytes: number }
  /** Finding the file's objects took far more reading than a file of its size needs: a hostile layout. */
  | { kind: 'too-complex' };

// An indirect object's header as pdf-lib and readers accept it: 'N G obj', whitespace or comments between.
const OBJECT_HEADER = /(\d+)(?:[\s\0]|%[^\r\n]*[\r\n])+(\d+)(?:[\s\0]|%[^\r\n]*[\r\n])+obj/g;
const CHUNK = 64 * 1024;
/** What a referenced value other than a dictionary (a filter name, a length) may take up. */
const SMALL_OBJECT_BYTES = 512;

type Stage = { filter: PDFName; params: PDFObject | undefined };
type FoundStream = { dict: PDFDict; dataStart: number };

/**
 * How many bytes the file's streams decode to, stopping as soon as the total passes `limit`: a
 * decompression bomb is told from its first `limit` bytes, with zlib's native streaming inflate, and the
 * output is counted, not kept. Every stream any reader could find is counted: each 'N G obj' in the file
 * is looked at, not only those the cross-reference table or pdf-lib's sequential parse would reach. Images
 * are left out: a reader decodes only what their declared width and height need. A filter given by
 * reference to an object that is not in the file is taken to be FlateDecode when the data starts like zlib.
 * Finding the objects reads each dictionary once (a stream's end is found by its length or by a lookup in
 * the list of 'endstream' positions, never by scanning), so the cost stays near the file's size; a file
 * laid out to make it much more is reported 'too-complex'.
 */
export async function measureInflatedSize(bytes: Uint8Array, limit: number): Promise<InflationVerdict> {
  const file = new PdfObjectIndex(bytes);
  const streams: PDFRawStream[] = [];
  for (const found of file.findStreams()) {
    if (found === 'too-complex') return { kind: 'too-complex' };
    streams.push(file.streamFrom(found));
  }
  let total = 0;
  for (const stream of streams) {
    if (isImage(stream.dict, file)) continue;
    const decoded = await measureStream(stream, file, limit - total);
    total += decoded.size;
    if (decoded.over || total > limit) return { kind: 'over', inflatedBytes: total };
  }
  return { kind: 'within', inflatedBytes: total };
}

/** The objects of a PDF found by their headers, parsed by pdf-lib one at a time, on exact slices. */
class PdfObjectIndex {
  readonly #bytes: Uint8Array;
  readonly #text: string;
  readonly #context = PDFContext.create();
  /** Where each 'N G obj' header ends, in file order. */
  readonly #objectStarts: number[] = [];
  /** Where each object number's (last) header ends, for references. */
  readonly #headers = new Map<string, number>();
  readonly #resolved = new Map<string, PDFObject | undefined>();
  readonly #endstreams: number[] = [];
  #work = 0;
  readonly #workLimit: number;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    // Legitimate files read each dictionary about once; many times their size means a hostile layout.
    this.#workLimit = 16 * bytes.byteLength + 1024 * 1024;
    for (let at = this.#text.indexOf('endstream'); at !== -1; at = this.#text.indexOf('endstream', at + 9))
      this.#endstreams.push(at);
    for (const match of this.#text.matchAll(OBJECT_HEADER)) {
      const end = (match.index ?? 0) + match[0].length;
      this.#objectStarts.push(end);
      this.#headers.set(`${match[1]} ${match[2]}`, end);
    }
  }

  /** Every dictionary followed by 'stream', in file order, wherever its header is. */
  *findStreams(): Generator<FoundStream | 'too-complex'> {
    for (const headerEnd of this.#objectStarts) {
      const start = this.#skipSpace(headerEnd);
      if (!this.#isDictAt(start)) continue;
      const end = this.#findDictEnd(start);
      if (end === 'too-complex') {
        yield end;
        return;
      }
      if (end === undefined) continue;
      const dict = this.#parse(start, end);
      const dataStart = dict instanceof PDFDict ? this.#streamDataStart(end) : undefined;
      if (dict instanceof PDFDict && dataStart !== undefined) yield { dict, dataStart };
    }
  }

  /** The stream's data: its /Length when 'endstream' follows it there, else up to the next 'endstream'. */
  streamFrom({ dict, dataStart }: FoundStream): PDFRawStream {
    const length = this.resolve(dict.get(PDFName.of('Length')));
    if (length instanceof PDFNumber) {
      const end = dataStart + length.asNumber();
      if (Number.isInteger(end) && end >= dataStart && end <= this.#bytes.byteLength) {
        const after = this.#skipSpace(end);
        if (this.#text.startsWith('endstream', after))
          return PDFRawStream.of(dict, this.#bytes.subarray(dataStart, end));
      }
    }
    let end = this.#nextEndstream(dataStart);
    if (this.#bytes[end - 1] === 0x0a) end -= 1;
    if (this.#bytes[end - 1] === 0x0d) end -= 1;
    return PDFRawStream.of(dict, this.#bytes.subarray(dataStart, Math.max(dataStart, end)));
  }

  /** A value, or the object a reference points to (parsed once, on first use); undefined if not in the file. */
  resolve(value: PDFObject | undefined): PDFObject | undefined {
    if (!(value instanceof PDFRef)) return value;
    const key = `${value.objectNumber} ${value.generationNumber}`;
    if (this.#resolved.has(key)) return this.#resolved.get(key);
    this.#resolved.set(key, undefined); // a reference to itself resolves to nothing
    const headerEnd = this.#headers.get(key);
    let object: PDFObject | undefined;
    if (headerEnd !== undefined) {
      const start = this.#skipSpace(headerEnd);
      if (this.#isDictAt(start)) {
        const end = this.#findDictEnd(start);
        object = typeof end === 'number' ? this.#parse(start, end) : undefined;
      } else {
        object = this.#parse(start, Math.min(this.#bytes.byteLength, start + SMALL_OBJECT_BYTES));
      }
    }
    this.#resolved.set(key, object);
    return object;
  }

  /** A dictionary's value for `key`, through a reference if need be. */
  lookup(dict: PDFDict, key: string): PDFObject | undefined {
    return this.resolve(dict.get(PDFName.of(key)));
  }

  get context(): PDFContext {
    return this.#context;
  }

  #parse(start: number, end: number): PDFObject | undefined {
    try {
      return PDFObjectParser.forBytes(this.#bytes.subarray(start, end), this.#context).parseObject();
    } catch {
      // Not an object after all (a header-like run of bytes inside binary data), or a damaged one.
      return undefined;
    }
  }

  #isDictAt(at: number): boolean {
    return this.#bytes[at] === 0x3c && this.#bytes[at + 1] === 0x3c;
  }

  /** Skips PDF whitespace and comments. */
  #skipSpace(at: number): number {
    const bytes = this.#bytes;
    let index = at;
    while (index < bytes.byteLength) {
      const byte = bytes[index] as number;
      if (byte === 0x25) {
        while (index < bytes.byteLength && bytes[index] !== 0x0a && bytes[index] !== 0x0d) index++;
      } else if (
        byte === 0x20 ||
        byte === 0x0a ||
        byte === 0x0d ||
        byte === 0x09 ||
        byte === 0x0c ||
        byte === 0
      ) {
        index++;
      } else {
        break;
      }
    }
    return index;
  }

  /**
   * Where the dictionary starting at `start` ends (just past its '>>'), reading strings, hex strings and
   * comments as the tokens they are; undefined if it never ends.
   */
  #findDictEnd(start: number): number | undefined | 'too-complex' {
    const bytes = this.#bytes;
    let depth = 0;
    let index = start;
    while (index < bytes.byteLength) {
      const byte = bytes[index] as number;
      if (byte === 0x28) {
        index = this.#skipLiteralString(index);
      } else if (byte === 0x3c) {
        if (bytes[index + 1] === 0x3c) {
          depth++;
          index += 2;
        } else {
          const close = this.#text.indexOf('>', index);
          index = close === -1 ? bytes.byteLength : close + 1;
        }
      } else if (byte === 0x3e && bytes[index + 1] === 0x3e) {
        depth--;
        index += 2;
        if (depth === 0) break;
      } else if (byte === 0x25) {
        index = this.#skipSpace(index);
      } else {
        index++;
      }
    }
    this.#work += index - start;
    if (this.#work > this.#workLimit) return 'too-complex';
    return depth === 0 ? index : undefined;
  }

  /** Just past the literal string opening at `start`: parentheses nest, a backslash escapes. */
  #skipLiteralString(start: number): number {
    const bytes = this.#bytes;
    let depth = 0;
    let index = start;
    while (index < bytes.byteLength) {
      const byte = bytes[index++] as number;
      if (byte === 0x5c) index++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) break;
    }
    return index;
  }

  /** If 'stream' follows the dictionary ending at `dictEnd`, where its data starts (past one end of line). */
  #streamDataStart(dictEnd: number): number | undefined {
    const keyword = this.#skipSpace(dictEnd);
    if (!this.#text.startsWith('stream', keyword)) return undefined;
    let index = keyword + 'stream'.length;
    if (this.#bytes[index] === 0x20) index++;
    if (this.#bytes[index] === 0x0d) index++;
    if (this.#bytes[index] === 0x0a) index++;
    return index;
  }

  /** The first 'endstream' at or after `at`, or the end of the file. */
  #nextEndstream(at: number): number {
    const positions = this.#endstreams;
    let [low, high] = [0, positions.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((positions[middle] as number) < at) low = middle + 1;
      else high = middle;
    }
    return positions[low] ?? this.#bytes.byteLength;
  }
}

function isImage(dict: PDFDict, file: PdfObjectIndex): boolean {
  const type = file.lookup(dict, 'Type');
  if (type === PDFName.of('ObjStm') || type === PDFName.of('XRef')) return false;
  return file.lookup(dict, 'Subtype') === PDFName.of('Image');
}

async function measureStream(
  stream: PDFRawStream,
  file: PdfObjectIndex,
  limit: number,
): Promise<{ size: number; over: boolean }> {
  const stages = filterStages(stream.dict, file);
  if (stages === 'unknown') {
    return looksLikeZlib(stream.contents)
      ? inflateCounting(stream.contents, limit, false)
      : { size: 0, over: false };
  }
  let data = stream.contents;
  let size = 0;
  for (const [index, stage] of stages.entries()) {
    const keep = index < stages.length - 1;
    const step = isFlate(stage.filter)
      ? await inflateCounting(data, limit - size, keep)
      : decodeWithPdfLib(data, stage, file.context, limit - size, keep);
    if (step === undefined) break; // an image codec or one nobody decodes: nothing more to count
    size += step.size;
    if (step.over) return { size, over: true };
    if (keep) data = step.output ?? new Uint8Array();
  }
  return { size, over: false };
}

function filterStages(dict: PDFDict, file: PdfObjectIndex): Stage[] | 'unknown' {
  if (dict.get(PDFName.of('Filter')) === undefined) return [];
  const filter = file.lookup(dict, 'Filter');
  const params = file.lookup(dict, 'DecodeParms');
  if (filter instanceof PDFName) return [{ filter, params: file.resolve(params) }];
  if (!(filter instanceof PDFArray)) return 'unknown';
  const stages: Stage[] = [];
  for (let index = 0; index < filter.size(); index++) {
    const name = file.resolve(filter.get(index));
    if (!(name instanceof PDFName)) return 'unknown';
    const stageParams = params instanceof PDFArray ? file.resolve(params.get(index)) : undefined;
    stages.push({ filter: name, params: stageParams });
  }
  return stages;
}

function isFlate(filter: PDFName): boolean {
  return filter === PDFName.of('FlateDecode') || filter === PDFName.of('Fl');
}

/** A zlib header: deflate with a window of at most 32 KB, and a check value that holds. */
function looksLikeZlib(data: Uint8Array): boolean {
  const [first = 0, second = 0] = data;
  return (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) | second) % 31 === 0;
}

/** Inflates until the data ends, fails or passes `limit`; keeps the output only when asked to. */
function inflateCounting(
  data: Uint8Array,
  limit: number,
  keep: boolean,
): Promise<{ size: number; over: boolean; output?: Uint8Array }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // Z_SYNC_FLUSH: a truncated stream yields what it holds, as readers show it.
    const inflater = createInflate({ chunkSize: CHUNK, finishFlush: constants.Z_SYNC_FLUSH });
    const settle = (over: boolean) => {
      if (settled) return;
      settled = true;
      if (over) inflater.destroy();
      resolve({ size, over, ...(keep && !over ? { output: Buffer.concat(chunks) } : {}) });
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (keep) chunks.push(chunk);
      if (size > limit) settle(true);
    });
    inflater.on('end', () => settle(false));
    // Readers stop at the first error too: what came before it counts.
    inflater.on('error', () => settle(false));
    inflater.end(data);
  });
}

/** LZW, run-length and the ASCII filters, with pdf-lib's decoders read a chunk at a time. */
function decodeWithPdfLib(
  data: Uint8Array,
  stage: Stage,
  context: PDFContext,
  limit: number,
  keep: boolean,
): { size: number; over: boolean; output?: Uint8Array } | undefined {
  const dict = context.obj({});
  dict.set(PDFName.of('Filter'), stage.filter);
  if (stage.params instanceof PDFDict) dict.set(PDFName.of('DecodeParms'), stage.params);
  let decoder: ReturnType<typeof decodePDFRawStream>;
  try {
    decoder = decodePDFRawStream(PDFRawStream.of(dict, data));
  } catch {
    return undefined; // a filter pdf-lib does not decode: an image codec, or a made-up name
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // Without forceClamped, getBytes gives a Uint8Array.
    const read = () => decoder.getBytes(CHUNK) as Uint8Array;
    for (let chunk = read(); chunk.byteLength > 0; chunk = read()) {
      size += chunk.byteLength;
      if (size > limit) return { size, over: true };
      // A view of the decoder's buffer; a later, larger buffer is a copy, so the view stays valid.
      if (keep) chunks.push(chunk);
    }
  } catch {
    // Damaged data: what decoded before the damage counts.
  }
  return { size, over: false, ...(keep ? { output: new Uint8Array(Buffer.concat(chunks)) } : {}) };
}
