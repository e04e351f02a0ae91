import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useRef, useState } from 'react';

type PdfState = 'loading' | 'ready' | 'error';

/** pdf.js, loaded on first use; its worker comes from our own build (CSP: worker-src 'self'). */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * Renders every page of a PDF into canvases with pdf.js. The CSP allows no <object> or blob: frame,
 * so the browser's own viewer cannot be used.
 */
export function PdfViewer({ data, title }: { data: Blob; title: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PdfState>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    const container = containerRef.current;
    if (!container) return;
    setState('loading');
    container.replaceChildren();

    (async () => {
      const pdfjs = await loadPdfJs();
      const bytes = new Uint8Array(await data.arrayBuffer());
      if (cancelled) return;
      const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      const width = Math.max(320, container.clientWidth - 16);
      for (let number = 1; number <= pdf.numPages; number++) {
        if (cancelled) return;
        const page = await pdf.getPage(number);
        const base = page.getViewport({ scale: 1 });
        const scale = width / base.width;
        const viewport = page.getViewport({ scale: scale * window.devicePixelRatio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(base.width * scale)}px`;
        canvas.style.height = `${Math.floor(base.height * scale)}px`;
        canvas.setAttribute('aria-label', `${title}, page ${number} of ${pdf.numPages}`);
        canvas.setAttribute('role', 'img');
        container.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState('ready');
    })().catch(() => {
      if (!cancelled) setState('error');
    });

    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [data, title]);

  return (
    <Box>
      {state === 'loading' && <LinearProgress aria-label="Loading the PDF" />}
      {state === 'error' && <Alert severity="error">The PDF could not be shown. Download it instead.</Alert>}
      <Box
        ref={containerRef}
        data-testid="pdf-pages"
        data-state={state}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          p: 1,
          bgcolor: 'grey.200',
          '& canvas': { boxShadow: 1, bgcolor: 'common.white', maxWidth: '100%' },
        }}
      />
    </Box>
  );
}
