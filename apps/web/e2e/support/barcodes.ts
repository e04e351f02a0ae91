import { writeFile } from 'node:fs/promises';
import bwipjs from 'bwip-js/node';

// GS1 DataMatrix labels for the scanner's browser tests, drawn by bwip-js (an independent encoder, so the
// portal's reader is tested against codes it did not make).

/** A PNG photo of the label: the symbol with a white quiet zone. */
export async function writeGs1DataMatrixPng(elementString: string, file: string): Promise<void> {
  const png = await bwipjs.toBuffer({
    bcid: 'gs1datamatrix',
    text: elementString,
    scale: 6,
    paddingwidth: 12,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
  await writeFile(file, png);
}

/**
 * A Y4M video (640×480, 4:2:0) of the label held in front of the camera, for Chromium's fake camera
 * (--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>), which plays it in a loop.
 */
export async function writeGs1DataMatrixY4m(elementString: string, file: string): Promise<void> {
  const [symbol] = bwipjs.raw({ bcid: 'gs1datamatrix', text: elementString }) as unknown as {
    pixs: number[];
    pixx: number;
    pixy: number;
  }[];
  if (!symbol) throw new Error('bwip-js drew no symbol');
  const width = 640;
  const height = 480;
  const module = Math.floor(Math.min(width, height) / (symbol.pixx + 8));
  const left = Math.floor((width - symbol.pixx * module) / 2);
  const top = Math.floor((height - symbol.pixy * module) / 2);
  // Luma: video white (235) with the dark modules video black (16); chroma neutral.
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < symbol.pixy; row += 1) {
    for (let column = 0; column < symbol.pixx; column += 1) {
      if (!symbol.pixs[row * symbol.pixx + column]) continue;
      for (let y = 0; y < module; y += 1) {
        const start = (top + row * module + y) * width + left + column * module;
        luma.fill(16, start, start + module);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: 15 }, () => frame)]));
}
