// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hidePdfJsMeasuringCanvases, PDFJS_MEASURING_CANVAS_CLASS } from './pdfjs';

/** What pdf.js's TextLayer does when it first measures text: a canvas of its class, straight on <body>. */
function appendMeasuringCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = PDFJS_MEASURING_CANVAS_CLASS;
  document.body.append(canvas);
  return canvas;
}

/** Mutation observers report at the next microtask checkpoint, before any other task (an axe run) starts. */
const nextMicrotask = () => Promise.resolve();

describe("pdf.js's measuring canvas", () => {
  it('is hidden from sight and from assistive technology as soon as pdf.js appends it, and when already there', async () => {
    const early = appendMeasuringCanvas();
    hidePdfJsMeasuringCanvases(document);
    expect(early.hidden).toBe(true);
    expect(early.getAttribute('aria-hidden')).toBe('true');

    const late = appendMeasuringCanvas();
    await nextMicrotask();
    expect(late.hidden).toBe(true);
    expect(late.getAttribute('aria-hidden')).toBe('true');
  });

  it("leaves the portal's own canvases alone (the report's pages, the charts)", async () => {
    hidePdfJsMeasuringCanvases(document);
    const chart = document.createElement('canvas');
    document.body.append(chart);
    await nextMicrotask();
    expect(chart.hidden).toBe(false);
    expect(chart.hasAttribute('aria-hidden')).toBe(false);
  });
});
