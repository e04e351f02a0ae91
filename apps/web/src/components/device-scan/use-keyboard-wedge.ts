import { createKeyboardWedgeDetector } from '@portal/domain';
import { useEffect, useRef } from 'react';

/** Whether a key goes to a field the user is typing in (the scan field handles its own Enter). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A USB scanner in keyboard mode, while `enabled`: a burst of keys typed faster than anyone types, outside
 * a text field, is a scan. Typing is never taken for one (the detector goes by timing alone).
 */
export function useKeyboardWedge(enabled: boolean, onScan: (text: string) => void) {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const detector = createKeyboardWedgeDetector();
    let pause: ReturnType<typeof setTimeout> | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) {
        detector.reset();
        return;
      }
      clearTimeout(pause);
      const scan = detector.push(event.key, event.timeStamp);
      if (scan) {
        event.preventDefault();
        onScanRef.current(scan.text);
        return;
      }
      // A scanner set to send no end key: the scan ends with the pause after it.
      pause = setTimeout(() => {
        const ended = detector.flush(performance.now());
        if (ended) onScanRef.current(ended.text);
      }, 80);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      clearTimeout(pause);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [enabled]);
}
