// pdf.js ships no types for its parser module; the scraping worker only hands the module back to pdf.js.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
