import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PdfScrapeBox } from '@portal/domain';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { loadPdfJs } from '../../../lib/pdfjs';

/**
 * One page of the uploaded PDF, drawn by pdf.js at the panel's width, with the box a proposed value was
 * read from outlined: the user sees where each value came from before confirming it.
 */
export function PdfSourcePreview({
  file,
  page,
  box,
  width = 420,
}: {
  file: File;
  page: number;
  box: PdfScrapeBox | null;
  width?: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [scale, setScale] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        opened = await pdfjs.getDocument({
          data: new Uint8Array(await file.arrayBuffer()),
          isEvalSupported: false,
        }).promise;
        if (cancelled) void opened.destroy();
        else setDocument(opened);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [file]);

  useEffect(() => {
    if (!document || !canvasRef.current) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    void (async () => {
      const pdfPage = await document.getPage(Math.min(Math.max(page, 1), document.numPages));
      if (cancelled || !canvasRef.current) return;
      const pageScale = width / pdfPage.getViewport({ scale: 1 }).width;
      const viewport = pdfPage.getViewport({ scale: pageScale * window.devicePixelRatio });
      const canvas = canvasRef.current;
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${viewport.height / window.devicePixelRatio}px`;
      task = pdfPage.render({ canvas, viewport });
      await task.promise.catch(() => undefined);
      if (!cancelled) setScale(pageScale);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, page, width]);

  if (failed) return <Typography variant="body2">The PDF could not be shown.</Typography>;
  return (
    <Box
      sx={{ position: 'relative', width, border: 1, borderColor: 'divider', bgcolor: 'common.white' }}
      data-testid="pdf-source-preview"
      data-page={page}
    >
      <canvas ref={canvasRef} role="img" aria-label={`Page ${page} of the uploaded PDF`} />
      {box && scale !== null && (
        <Box
          data-testid="pdf-source-highlight"
          sx={{
            position: 'absolute',
            left: box.x * scale - 3,
            top: box.y * scale - 3,
            width: box.width * scale + 6,
            height: box.height * scale + 6,
            border: 2,
            borderColor: 'warning.main',
            bgcolor: 'rgba(255, 193, 7, 0.2)',
            borderRadius: 0.5,
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}
