import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Real PDF tools judge the output, not pdf-lib reading its own bytes back.
const INSTALL_HINT = 'apt-get install qpdf poppler-utils';

type RunResult = { exitCode: number; stdout: Buffer; stderr: string };

function run(command: string, args: string[], input?: Uint8Array): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} is not installed; the PDF tests need it: ${INSTALL_HINT}`)
          : error,
      );
    });
    child.on('close', (exitCode) =>
      resolve({
        exitCode: exitCode ?? -1,
        stdout: Buffer.concat(stdout),
        stderr: Buffer.concat(stderr).toString(),
      }),
    );
    // A tool that exits early closes stdin; that is its answer, not an error of ours.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

async function withTempFile<T>(pdf: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pdf-test-'));
  try {
    const file = path.join(folder, 'input.pdf');
    await writeFile(file, pdf);
    return await use(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** `qpdf --check`: exit code 0 means no syntax or stream errors and no warnings. */
export async function checkWithQpdf(pdf: Uint8Array): Promise<{ exitCode: number; output: string }> {
  // qpdf seeks in its input, so it reads a file rather than a pipe.
  const result = await withTempFile(pdf, (file) => run('qpdf', ['--check', file]));
  return { exitCode: result.exitCode, output: result.stdout.toString() + result.stderr };
}

/** Runs qpdf with `args` between the input and output file names and returns the output file. */
export async function transformWithQpdf(pdf: Uint8Array, args: string[]): Promise<Uint8Array> {
  return withTempFile(pdf, async (file) => {
    const output = `${file}.out.pdf`;
    const result = await run('qpdf', [...args, file, output]);
    if (result.exitCode !== 0 && result.exitCode !== 3) throw new Error(`qpdf failed: ${result.stderr}`);
    return new Uint8Array(await readFile(output));
  });
}

/** The text poppler finds, optionally of a page range (1-based, inclusive). */
export async function extractText(
  pdf: Uint8Array,
  pages: { first?: number; last?: number } = {},
): Promise<string> {
  const args = ['-enc', 'UTF-8'];
  if (pages.first !== undefined) args.push('-f', String(pages.first));
  if (pages.last !== undefined) args.push('-l', String(pages.last));
  const result = await run('pdftotext', [...args, '-', '-'], pdf);
  if (result.exitCode !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout.toString('utf8');
}

export type GrayImage = { width: number; height: number; pixels: Uint8Array };

/** One page rendered by poppler as 8-bit grey, as the reader would see it (crop box, rotation applied). */
export async function renderPageGray(pdf: Uint8Array, page: number, dpi: number): Promise<GrayImage> {
  const args = [
    '-gray',
    '-cropbox',
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    '-',
  ];
  const result = await run('pdftoppm', args, pdf);
  if (result.exitCode !== 0) throw new Error(`pdftoppm failed: ${result.stderr}`);
  return parsePgm(result.stdout);
}

/** Binary PGM (P5): 'P5', width, height, max value, one whitespace, then the pixels. */
function parsePgm(data: Buffer): GrayImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not produce a PGM image');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return {
    width,
    height,
    pixels: new Uint8Array(data.subarray(header[0].length, header[0].length + width * height)),
  };
}

/** The smallest box holding every pixel that differs, or undefined when the images are identical. */
export function findChangedArea(
  before: GrayImage,
  after: GrayImage,
): { left: number; top: number; right: number; bottom: number } | undefined {
  if (before.width !== after.width || before.height !== after.height) {
    throw new Error(
      `The page changed size: ${before.width}x${before.height} → ${after.width}x${after.height}`,
    );
  }
  let area: { left: number; top: number; right: number; bottom: number } | undefined;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      const index = y * before.width + x;
      if (before.pixels[index] === after.pixels[index]) continue;
      area ??= { left: x, top: y, right: x, bottom: y };
      area.left = Math.min(area.left, x);
      area.right = Math.max(area.right, x);
      area.top = Math.min(area.top, y);
      area.bottom = Math.max(area.bottom, y);
    }
  }
  return area;
}

/** Collapses all whitespace, for text that wrapping may have split over lines. */
export function withoutWhitespace(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * The PDF's objects as readable text (uncompressed, no object streams), so a test can look for what it
 * must or must not hold.
 */
export async function readableObjects(pdf: Uint8Array): Promise<string> {
  return Buffer.from(await transformWithQpdf(pdf, ['--qdf', '--object-streams=disable'])).toString('latin1');
}
