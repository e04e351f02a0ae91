import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { useRef } from 'react';

/**
 * A button that opens the file chooser and hands over the one file chosen. The input itself is hidden
 * (its label names the file asked for; tests set files on it by its test id) and emptied after each
 * choice, so choosing the same file again reads it again.
 */
export function FileButton({
  label,
  accept,
  inputLabel,
  testId,
  disabled = false,
  onFile,
}: {
  label: string;
  accept: string;
  inputLabel: string;
  testId: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => inputRef.current?.click()}
        disabled={disabled}
      >
        {label}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        hidden
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
