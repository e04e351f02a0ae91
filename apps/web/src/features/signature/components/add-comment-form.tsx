import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useAddComment } from '../api/comments';
import type { NamedPerson } from '../inbox-format';

type AddCommentFormProps = {
  documentId: string;
  /** who a comment may be addressed to (the clinic's providers) */
  recipients: NamedPerson[];
};

/** A new comment, optionally to one provider; the form empties once the comment is added. */
export function AddCommentForm({ documentId, recipients }: AddCommentFormProps) {
  const add = useAddComment(documentId);
  const [text, setText] = useState('');
  const [to, setTo] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(
      { text: text.trim(), to: to || undefined },
      {
        onSuccess: () => {
          setText('');
          setTo('');
        },
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label="Add a comment"
      sx={{
        mt: 1.5,
        display: 'grid',
        gap: 1,
        // The details rail is narrow at every screen size: one field under the other.
        gridTemplateColumns: '1fr',
      }}
    >
      <TextField
        label="Comment"
        size="small"
        multiline
        maxRows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      <TextField
        select
        label="To (optional)"
        size="small"
        value={to}
        onChange={(event) => setTo(event.target.value)}
      >
        <MenuItem value="">
          <em>Nobody in particular</em>
        </MenuItem>
        {recipients.map((person) => (
          <MenuItem key={person.id} value={person.id}>
            {person.name}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button type="submit" variant="outlined" size="small" disabled={!text.trim() || add.isPending}>
          Add comment
        </Button>
      </Box>
    </Box>
  );
}
