import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { FileButton } from '../file-button';
import { readBarcodes } from './read-barcodes';
import { CAMERA_MESSAGES, useCameraScanner } from './use-camera-scanner';
import { useKeyboardWedge } from './use-keyboard-wedge';

export type ScanSource = 'camera' | 'image' | 'scanner' | 'typed';
export type ScannedText = { raw: string; source: ScanSource; format: string | null };

export const SCAN_SOURCE_LABELS: Record<ScanSource, string> = {
  camera: 'Camera',
  image: 'Image',
  scanner: 'USB scanner',
  typed: 'Typed or pasted',
};

/**
 * Every way a code reaches the page: the camera, a photo of the label, a USB scanner typing (anywhere on
 * the page, told from typing by its speed), or the code typed or pasted into the field.
 */
export function ScanSources({ onRead }: { onRead: (scanned: ScannedText) => void }) {
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  const [reading, setReading] = useState(false);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const camera = useCameraScanner((code) => onRead({ raw: code.raw, source: 'camera', format: code.format }));
  useKeyboardWedge(true, (text) => onRead({ raw: text, source: 'scanner', format: null }));

  const readImage = async (file: File) => {
    setReading(true);
    setImageProblem(null);
    try {
      const [code] = await readBarcodes(file);
      if (code) onRead({ raw: code.raw, source: 'image', format: code.format });
      else
        setImageProblem(
          'No barcode was found in this image. Take the photo closer, straight on, in good light.',
        );
    } catch {
      setImageProblem('This file could not be read as an image.');
    } finally {
      setReading(false);
    }
  };

  const submitTyped = () => {
    if (typed.trim() === '') return;
    onRead({ raw: typed, source: 'typed', format: null });
  };

  const cameraOn = camera.state === 'scanning' || camera.state === 'starting';
  const cameraMessage =
    camera.state === 'off' || camera.state === 'scanning' ? null : CAMERA_MESSAGES[camera.state];
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant={cameraOn ? 'contained' : 'outlined'}
          startIcon={<PhotoCameraIcon />}
          onClick={() => (cameraOn ? camera.stop() : void camera.start())}
        >
          {cameraOn ? 'Stop camera' : 'Scan with camera'}
        </Button>
        <FileButton
          label="Upload a photo"
          accept="image/*"
          inputLabel="Photo of the device label"
          testId="scan-image-input"
          onFile={(file) => void readImage(file)}
        />
      </Stack>
      <Box
        sx={{
          display: cameraOn ? 'block' : 'none',
          position: 'relative',
          maxWidth: 480,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.900',
        }}
      >
        <video
          ref={camera.videoRef}
          muted
          playsInline
          aria-label="Camera preview"
          data-testid="scan-camera-preview"
          style={{ display: 'block', width: '100%' }}
        />
      </Box>
      {cameraOn && <LinearProgress aria-label="Looking for a barcode" />}
      {cameraMessage && (
        <Alert severity={camera.state === 'starting' ? 'info' : 'warning'}>{cameraMessage}</Alert>
      )}
      {reading && <LinearProgress aria-label="Reading the photo" />}
      {imageProblem && <Alert severity="warning">{imageProblem}</Alert>}
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submitTyped();
        }}
      >
        <TextField
          id={fieldId}
          label="Code from the label"
          helperText="Type or paste the characters under the barcode, or scan with a USB scanner; then press Enter."
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        />
        <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start', mt: 0.25 }}>
          Read
        </Button>
      </Stack>
    </Stack>
  );
}
