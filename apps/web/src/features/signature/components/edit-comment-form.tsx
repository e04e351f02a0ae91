import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import type { DocumentComment } from '../api/comments';

type EditCommentFormProps = {
  comment: DocumentComment;
  pending: boolean;
  onCancel: () => void;
  onSave: (text: string) => void;
};

/** Editing one's own comment in place: Enter-free (multi-line), Save or Cancel; Escape cancels. */
export function EditCommentForm({ comment, pending, onCancel, onSave }: EditCommentFormProps) {
  const [text, setText] = useState(comment.text);
  const changed = text.trim() !== '' && text.trim() !== comment.text;
  return (
    <Box
      component="form"
      aria-label="Edit comment"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (changed) onSave(text.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      sx={{ display: 'grid', gap: 1, mb: 0.5 }}
    >
      <TextField
        label="Comment text"
        size="small"
        multiline
        maxRows={6}
        autoFocus
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" size="small" variant="contained" disabled={!changed || pending}>
          Save
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
