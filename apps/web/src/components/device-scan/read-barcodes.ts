import type { ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The decoder (ZXing-C++ as WebAssembly, ~830 KB) is fetched the first time a code is read, never with the
// page: only the scanner pages and the device forms' scan panel read codes. Its wasm is served by the
// portal itself (Vite copies it into the build), not from the library's default CDN.

/** A code read from an image: its text as a scanner sends it (symbology identifier first, e.g. ']d2'). */
export type ReadCode = { raw: string; format: string };

const READER_OPTIONS: ReaderOptions = {
  // Device labels: GS1 DataMatrix and GS1-128 (UDI), QR, GS1 DataBar, and HIBC in Code 39 / 128 / DataMatrix.
  formats: ['DataMatrix', 'Code128', 'QRCode', 'DataBarExpanded', 'Code39', 'Aztec'],
  // 'Plain' keeps the GS1 group separators (ASCII 29), so the parser sees the code as a scanner sends it.
  textMode: 'Plain',
  tryHarder: true,
  maxNumberOfSymbols: 4,
};

let reader: Promise<typeof import('zxing-wasm/reader')> | undefined;

function loadReader() {
  reader ??= import('zxing-wasm/reader')
    .then((module) => {
      module.prepareZXingModule({
        overrides: {
          locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
        },
      });
      return module;
    })
    .catch((error: unknown) => {
      // A failed download must not stick: the next read tries again.
      reader = undefined;
      throw error;
    });
  return reader;
}

/** The valid codes in an image file or a camera frame, most prominent first. */
export async function readBarcodes(input: Blob | ImageData): Promise<ReadCode[]> {
  const { readBarcodes: read } = await loadReader();
  const results = await read(input, READER_OPTIONS);
  return results
    .filter((result) => result.isValid)
    .map((result) => ({ raw: `${result.symbologyIdentifier}${result.text}`, format: result.format }));
}
