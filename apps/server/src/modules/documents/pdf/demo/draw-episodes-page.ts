import type { LaterPage } from './demo-report-types';
import type { StripResources } from './draw-rhythm-strip';
import { drawStripBlock } from './draw-strip-block';
import { drawTable } from './draw-table';
import type { ReportCanvas } from './report-canvas';
import { CONTENT_WIDTH, drawLabel, MARGIN, type ReportFonts } from './report-style';

/** Pages 3 on: a log of this page's stored episodes (or strips), then one rhythm strip per entry. */
export function drawEpisodesPage(
  canvas: ReportCanvas,
  page: Extract<LaterPage, { kind: 'episodes' }>,
  at: { fonts: ReportFonts; resources: StripResources },
): void {
  const { fonts } = at;
  const { strips } = page;
  drawLabel(canvas, page.title, { x: MARGIN, y: 704, size: 14, font: fonts.bold });
  let y = drawTable(
    canvas,
    {
      title: page.title === 'Stored episodes' ? 'Episode log' : 'Strip log',
      columns: [
        { title: page.title === 'Stored episodes' ? 'Episode' : 'Strip', width: 0.36 },
        { title: 'Recorded', width: 0.3 },
        { title: 'Duration', width: 0.17, align: 'right' },
        { title: 'Rate', width: 0.17, align: 'right' },
      ],
      rows: strips.map((strip) => [
        { text: strip.title, ...(strip.rhythm === 'sinus' ? {} : { tone: 'alert' as const }) },
        { text: strip.recordedAt },
        { text: strip.duration },
        { text: `${strip.heartRate} bpm` },
      ]),
    },
    { x: MARGIN, y: 690, width: CONTENT_WIDTH, fonts },
  );
  y -= 18;
  for (const strip of strips)
    y = drawStripBlock(canvas, strip, { y, size: 'tall', fonts, resources: at.resources }) - 16;
}
