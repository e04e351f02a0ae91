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
      return pdfjs;
    },
  );
  pdfJs.catch(() => {
    pdfJs = undefined;
  });
  return pdfJs;
}
