type PdfJs = typeof import('pdfjs-dist');

/**
 * pdf.js, loaded when a PDF is first drawn (never with the page that may draw one); its worker comes from
 * our own build (CSP: worker-src 'self').
 */
let pdfJs: Promise<PdfJs> | undefined;
export function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      hidePdfJsMeasuringCanvases(document);
      return pdfjs;
    },
  );
  pdfJs.catch(() => {
    pdfJs = undefined;
  });
  return pdfJs;
}

/** The class pdf.js gives the canvas it measures text on (TextLayer), appended straight to <body>. */
export const PDFJS_MEASURING_CANVAS_CLASS = 'hiddenCanvasElement';

const watched = new WeakSet<Document>();

/**
 * pdf.js measures text on a canvas it appends to <body> whenever a text layer is drawn, outside every
 * landmark. Its own stylesheet (pdf_viewer.css, which the portal does not load) would hide it; without it
 * the canvas is a 300×150 box that screen readers and axe's `region` rule find outside the landmarks. A
 * mutation observer hides each one as it is added: its callback runs before any other task, so no screen
 * (and no axe run) ever sees the canvas shown, however far pdf.js has got. Measuring text needs no layout,
 * so the hidden canvas still does its work.
 */
export function hidePdfJsMeasuringCanvases(doc: Document): void {
  const hide = (node: Node) => {
    if (node instanceof HTMLCanvasElement && node.classList.contains(PDFJS_MEASURING_CANVAS_CLASS)) {
      node.hidden = true;
      node.setAttribute('aria-hidden', 'true');
    }
  };
  for (const canvas of doc.body.querySelectorAll(`:scope > canvas.${PDFJS_MEASURING_CANVAS_CLASS}`)) {
    hide(canvas);
  }
  if (watched.has(doc)) return;
  watched.add(doc);
  new MutationObserver((mutations) => {
    for (const mutation of mutations) mutation.addedNodes.forEach(hide);
  }).observe(doc.body, { childList: true });
}
