import FitScreenIcon from '@mui/icons-material/FitScreen';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLocalPreference } from '../../../lib/local-preference';
import { loadPdfJs } from '../../../lib/pdfjs';
import {
  DEFAULT_VIEWER_ZOOM,
  findCurrentPage,
  formatViewerZoom,
  PAGE_GUTTER_PX,
  parseViewerZoom,
  resolveViewerScale,
  type ViewerZoom,
  zoomIn,
  zoomOut,
} from '../viewer-zoom';
import { visuallyHidden } from './visually-hidden';

type PdfJs = typeof import('pdfjs-dist');
type PdfState = 'loading' | 'ready' | 'error';
type PageSize = { width: number; height: number };

/** The report zoom the reader chose last, in this browser. */
const ZOOM_PREFERENCE_KEY = 'inbox.viewerZoom';

/** What the page's keyboard shortcuts ask of the viewer. */
export type PdfViewerHandle = {
  zoomIn: () => void;
  zoomOut: () => void;
  fitWidth: () => void;
  fitPage: () => void;
};

type PdfViewerProps = {
  data: Blob;
  title: string;
  /** Controls at the end of the toolbar (Download). */
  toolbarEnd?: ReactNode;
  /** a narrow screen: a shorter toolbar */
  compact?: boolean;
  ref?: Ref<PdfViewerHandle>;
};

/**
 * The report: pdf.js pages drawn into canvases with a text layer over them (so text can be selected, found
 * with the browser's find and read by a screen reader), fit width / fit page / zoom, a page indicator and
 * page navigation. Pages are drawn only as they come near the pane (the first before the twelfth). The
 * CSP allows no <object> or blob: frame, so the browser's own viewer cannot be used.
 */
export function PdfViewer({ data, title, toolbarEnd, compact = false, ref }: PdfViewerProps) {
  const paneRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PdfState>('loading');
  const [loaded, setLoaded] = useState<{ pdfjs: PdfJs; pdf: PDFDocumentProxy; sizes: PageSize[] }>();
  const [pane, setPane] = useState({ width: 0, height: 0 });
  const [currentPage, setCurrentPage] = useState(1);
  const [zoom, setZoom] = useLocalPreference<ViewerZoom>(
    ZOOM_PREFERENCE_KEY,
    DEFAULT_VIEWER_ZOOM,
    parseViewerZoom,
    formatViewerZoom,
  );
  const scale = resolveViewerScale(zoom, loaded?.sizes[0], pane);
  // A narrow pane (a phone, or the middle of three regions at 1280 px) gets the short toolbar: one line.
  const tight = compact || (pane.width > 0 && pane.width < 600);

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => setZoom(zoomIn(scale)),
      zoomOut: () => setZoom(zoomOut(scale)),
      fitWidth: () => setZoom({ mode: 'fit-width' }),
      fitPage: () => setZoom({ mode: 'fit-page' }),
    }),
    [scale, setZoom],
  );

  // The pane's size decides the fitted scales.
  useLayoutEffect(() => {
    const element = paneRef.current;
    if (!element) return;
    const measure = () => setPane({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState('loading');
    setLoaded(undefined);
    setCurrentPage(1);
    paneRef.current?.scrollTo({ top: 0 });
    (async () => {
      const pdfjs = await loadPdfJs();
      const bytes = new Uint8Array(await data.arrayBuffer());
      if (cancelled) return;
      const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      // Page sizes (cheap: no drawing) so every page has its place before it is drawn.
      const sizes: PageSize[] = [];
      for (let number = 1; number <= pdf.numPages; number++) {
        const viewport = (await pdf.getPage(number)).getViewport({ scale: 1 });
        sizes.push({ width: viewport.width, height: viewport.height });
        if (cancelled) return;
      }
      setLoaded({ pdfjs, pdf, sizes });
    })().catch(() => {
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [data]);

  const pageTops = useRef<number[]>([]);
  const onScroll = useCallback(() => {
    const element = paneRef.current;
    if (!element) return;
    const tops = [...element.querySelectorAll<HTMLElement>('[data-page-number]')].map(
      (page) => page.offsetTop,
    );
    pageTops.current = tops;
    setCurrentPage(findCurrentPage(tops, element.scrollTop, element.clientHeight));
  }, []);

  const goToPage = (number: number) => {
    const element = paneRef.current;
    const page = element?.querySelector<HTMLElement>(`[data-page-number="${number}"]`);
    if (element && page) element.scrollTo({ top: page.offsetTop - PAGE_GUTTER_PX / 2 });
  };

  const pageCount = loaded?.sizes.length ?? 0;
  const percent = `${Math.round(scale * 100)}%`;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, flex: 1 }}>
      <Box
        role="toolbar"
        aria-label="Report viewer"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          minHeight: 40,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          flexWrap: 'wrap',
        }}
      >
        <IconButton
          size="small"
          aria-label="Previous page"
          disabled={currentPage <= 1}
          onClick={() => goToPage(currentPage - 1)}
        >
          <NavigateBeforeIcon fontSize="small" />
        </IconButton>
        <Typography
          variant="body2"
          sx={{ minWidth: tight ? 40 : 86, textAlign: 'center', whiteSpace: 'nowrap' }}
          data-testid="pdf-page-indicator"
          data-current-page={currentPage}
        >
          {pageCount && tight ? (
            <>
              <span aria-hidden="true">
                {currentPage} / {pageCount}
              </span>
              <span style={visuallyHidden}>
                Page {currentPage} of {pageCount}
              </span>
            </>
          ) : pageCount ? (
            `Page ${currentPage} of ${pageCount}`
          ) : (
            '–'
          )}
        </Typography>
        <IconButton
          size="small"
          aria-label="Next page"
          disabled={currentPage >= pageCount}
          onClick={() => goToPage(currentPage + 1)}
        >
          <NavigateNextIcon fontSize="small" />
        </IconButton>
        <Divider orientation="vertical" flexItem sx={{ mx: tight ? 0 : 0.5 }} />
        <Tooltip title="Zoom out (−)">
          <IconButton size="small" aria-label="Zoom out" onClick={() => setZoom(zoomOut(scale))}>
            <ZoomOutIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'center' }} data-testid="pdf-zoom">
          {percent}
        </Typography>
        <Tooltip title="Zoom in (+)">
          <IconButton size="small" aria-label="Zoom in" onClick={() => setZoom(zoomIn(scale))}>
            <ZoomInIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={zoom.mode}
          aria-label="Fit"
          onChange={(_event, mode: 'fit-width' | 'fit-page' | null) => mode && setZoom({ mode })}
          sx={{ ml: 0.5, '& .MuiToggleButton-root': { py: 0.25, px: 1, gap: 0.5 } }}
        >
          <ToggleButton value="fit-width" aria-label="Fit width">
            <SwapHorizIcon fontSize="small" />
            <Box component="span" sx={{ display: tight ? 'none' : 'inline' }}>
              Width
            </Box>
          </ToggleButton>
          <ToggleButton value="fit-page" aria-label="Fit page">
            <FitScreenIcon fontSize="small" />
            <Box component="span" sx={{ display: tight ? 'none' : 'inline' }}>
              Page
            </Box>
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ ml: 'auto' }}>{toolbarEnd}</Box>
      </Box>
      {state === 'loading' && <LinearProgress aria-label="Loading the report" />}
      {state === 'error' && (
        <Alert severity="error" sx={{ m: 1 }}>
          The report could not be shown. Download it instead.
        </Alert>
      )}
      <Box
        ref={paneRef}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={`Report: ${title}`}
        data-testid="pdf-pages"
        data-state={state}
        data-page-count={pageCount}
        sx={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          bgcolor: 'grey.200',
          outline: 'none',
          '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
          ...TEXT_LAYER_STYLES,
        }}
      >
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            p: `${PAGE_GUTTER_PX}px`,
            width: 'fit-content',
            minWidth: '100%',
            boxSizing: 'border-box',
          }}
        >
          {loaded?.sizes.map((size, index) => (
            <PdfPage
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered, never reordered
              key={index}
              pdfjs={loaded.pdfjs}
              pdf={loaded.pdf}
              number={index + 1}
              count={loaded.sizes.length}
              size={size}
              scale={scale}
              root={paneRef}
              onDrawn={index === 0 ? () => setState('ready') : undefined}
              onError={() => setState('error')}
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}

type PdfPageProps = {
  pdfjs: PdfJs;
  pdf: PDFDocumentProxy;
  number: number;
  count: number;
  size: PageSize;
  scale: number;
  root: React.RefObject<HTMLDivElement | null>;
  onDrawn?: (() => void) | undefined;
  onError: () => void;
};

/** One page: its place at once, its drawing (canvas and text layer) once it comes near the pane. */
function PdfPage({ pdfjs, pdf, number, count, size, scale, root, onDrawn, onError }: PdfPageProps) {
  const pageRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [drawnAt, setDrawnAt] = useState<number | undefined>();
  const width = Math.floor(size.width * scale);
  const height = Math.floor(size.height * scale);
  const latest = useRef({ onDrawn, onError });
  latest.current = { onDrawn, onError };

  useEffect(() => {
    const element = pageRef.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root: root.current, rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    const element = pageRef.current;
    if (!near || !element) return;
    let cancelled = false;
    let renderTask: RenderTask | undefined;
    let textLayer: InstanceType<PdfJs['TextLayer']> | undefined;
    (async () => {
      const page = await pdf.getPage(number);
      if (cancelled) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      // The text layer carries the words; the drawing is for the eye.
      canvas.setAttribute('aria-hidden', 'true');
      renderTask = page.render({ canvas, viewport: page.getViewport({ scale: scale * ratio }) });
      await renderTask.promise;
      if (cancelled) return;
      const text = document.createElement('div');
      text.className = 'textLayer';
      element.style.setProperty('--scale-factor', String(scale));
      element.style.setProperty('--total-scale-factor', String(scale));
      element.style.setProperty('--user-unit', '1');
      element.style.setProperty('--scale-round-x', '1px');
      element.style.setProperty('--scale-round-y', '1px');
      element.replaceChildren(canvas, text);
      textLayer = new pdfjs.TextLayer({
        textContentSource: page.streamTextContent(),
        container: text,
        viewport,
      });
      await textLayer.render();
      if (cancelled) return;
      setDrawnAt(scale);
      latest.current.onDrawn?.();
    })().catch((error: unknown) => {
      if (cancelled || (error instanceof Error && error.name === 'RenderingCancelledException')) return;
      latest.current.onError();
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [near, pdf, pdfjs, number, scale, width, height]);

  return (
    <Box
      ref={pageRef}
      role="group"
      aria-label={`Page ${number} of ${count}`}
      data-page-number={number}
      data-drawn={drawnAt !== undefined ? 'true' : 'false'}
      sx={{
        position: 'relative',
        width,
        height,
        flex: 'none',
        bgcolor: 'common.white',
        boxShadow: 1,
        '& canvas': { display: 'block' },
      }}
    />
  );
}

/** pdf.js's own text layer rules (web/pdf_viewer.css), the part a plain page needs. */
const TEXT_LAYER_STYLES = {
  '& .textLayer': {
    position: 'absolute',
    textAlign: 'initial',
    inset: 0,
    overflow: 'clip',
    opacity: 1,
    lineHeight: 1,
    textSizeAdjust: 'none',
    forcedColorAdjust: 'none',
    transformOrigin: '0 0',
    caretColor: 'CanvasText',
    zIndex: 0,
    '--min-font-size': 1,
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
    '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
  },
  '& .textLayer :is(span, br)': {
    color: 'transparent',
    position: 'absolute',
    whiteSpace: 'pre',
    cursor: 'text',
    transformOrigin: '0% 0%',
  },
  '& .textLayer > :not(.markedContent), & .textLayer .markedContent span:not(.markedContent)': {
    zIndex: 1,
    '--font-height': 0,
    fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
    '--scale-x': 1,
    '--rotate': '0deg',
    transform: 'rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv))',
  },
  '& .textLayer .markedContent': { display: 'contents' },
  '& .textLayer span[role="img"]': { userSelect: 'none', cursor: 'default' },
  '& .textLayer ::selection': { background: 'rgba(0 0 255 / 0.25)' },
  '& .textLayer br::selection': { background: 'transparent' },
  '& .textLayer .endOfContent': {
    display: 'block',
    position: 'absolute',
    inset: '100% 0 0',
    zIndex: 0,
    cursor: 'default',
    userSelect: 'none',
  },
} as const;
