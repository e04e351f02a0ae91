import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, type ReactNode, useId } from 'react';

type FormDialogProps = {
  open: boolean;
  title: string;
  /** The submit button's text, e.g. 'Add clinic' or 'Save changes'. */
  submitLabel: string;
  saving: boolean;
  /** Problems that belong to no field (shown above the fields). */
  problems?: readonly string[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The form's id, so a field can be focused as `${formId}-${name}`; one is made up when left out. */
  formId?: string;
  children: ReactNode;
};

/**
 * A dialog around one form: title, fields, Cancel and a submit button that shows it is saving.
 * Full screen on narrow screens. Enter in a field submits; Escape and Cancel close it unless saving.
 * Keep its state in the component that renders it and key that per opening, so each starts fresh.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  saving,
  problems = [],
  onSubmit,
  onClose,
  formId,
  children,
}: FormDialogProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const ownFormId = useId();
  const id = formId ?? ownFormId;
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={narrow}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <FormDialogBody
        formId={id}
        titleId={titleId}
        submitLabel={submitLabel}
        saving={saving}
        problems={problems}
        onSubmit={onSubmit}
        onClose={onClose}
      >
        {children}
      </FormDialogBody>
    </Dialog>
  );
}

type FormDialogBodyProps = Omit<FormDialogProps, 'open' | 'title' | 'formId'> & {
  formId: string;
  /** The dialog title's id: the form is named by it. */
  titleId: string;
};

/**
 * The inside of a form dialog (the form with its problems, then Cancel and submit), for dialogs that show
 * something else first, such as a loading state, inside their own Dialog.
 */
export function FormDialogBody({
  formId,
  titleId,
  submitLabel,
  saving,
  problems = [],
  onSubmit,
  onClose,
  children,
}: FormDialogBodyProps) {
  return (
    <>
      <DialogContent dividers sx={{ pt: 3 }}>
        <Box component="form" id={formId} noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
          {problems.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problems.map((problem) => (
                <div key={problem}>{problem}</div>
              ))}
            </Alert>
          )}
          {children}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={saving}>
          {submitLabel}
        </Button>
      </DialogActions>
    </>
  );
}
