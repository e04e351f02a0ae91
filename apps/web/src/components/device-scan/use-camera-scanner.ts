import { useCallback, useEffect, useRef, useState } from 'react';
import { type ReadCode, readBarcodes } from './read-barcodes';

export type CameraState = 'off' | 'starting' | 'scanning' | 'denied' | 'unavailable' | 'failed';

/** A frame every 250 ms: enough to catch a label held still, light on a technician's laptop. */
const FRAME_INTERVAL_MS = 250;

/**
 * The device camera, read frame by frame until a code is found. `start` asks for the camera (the browser
 * asks the user); the first valid code stops the camera and goes to `onCode`.
 */
export function useCameraScanner(onCode: (code: ReadCode) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<CameraState>('off');

  const stop = useCallback(() => {
    clearTimeout(timerRef.current);
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState((current) => (current === 'scanning' || current === 'starting' ? 'off' : current));
  }, []);

  const readFrame = useCallback(async () => {
    const video = videoRef.current;
    if (!streamRef.current || !video) return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      context?.drawImage(video, 0, 0);
      const frame = context?.getImageData(0, 0, canvas.width, canvas.height);
      try {
        const [code] = frame ? await readBarcodes(frame) : [];
        if (code && streamRef.current) {
          stop();
          onCodeRef.current(code);
          return;
        }
      } catch {
        stop();
        setState('failed');
        return;
      }
    }
    if (streamRef.current) timerRef.current = setTimeout(readFrame, FRAME_INTERVAL_MS);
  }, [stop]);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setState('scanning');
      timerRef.current = setTimeout(readFrame, FRAME_INTERVAL_MS);
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
    }
  }, [readFrame]);

  useEffect(() => stop, [stop]);

  return { videoRef, state, start, stop };
}

export const CAMERA_MESSAGES: Record<Exclude<CameraState, 'off' | 'scanning'>, string> = {
  starting: 'Starting the camera…',
  denied: 'The browser was not allowed to use the camera. Allow it in the address bar, or upload a photo.',
  unavailable: 'No camera was found. Upload a photo of the label, or use a USB scanner.',
  failed: 'The barcode reader could not start. Reload the page and try again.',
};
