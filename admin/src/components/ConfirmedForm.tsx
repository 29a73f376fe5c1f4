import { ReactNode, useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Link } from 'react-router-dom';
import { SaveButton, setSubmissionErrors, SimpleForm, SimpleFormProps, Toolbar, useSaveContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';

export type FormValues = Record<string, unknown>;

export interface ConfirmedFormProps extends Omit<SimpleFormProps, 'onSubmit' | 'toolbar'> {
  /** The confirm dialog's title (the pre-registration form's: 'Please Confirm Your Phone Number.'). */
  confirmTitle: string;
  /** What the dialog shows of the values about to be saved. */
  summary: (values: FormValues) => ReactNode;
  /** The dialog's save button ('Save', 'Save and Notify', 'Confirm'). */
  confirmLabel: (values: FormValues) => string;
  /** Where Reset goes (an /admin/... path): the list. */
  resetTo: string;
}

/**
 * A form whose Save first validates, then asks for confirmation in a dialog (Go Back or
 * the confirm button); only the confirm button sends the values. Server field errors land
 * under their fields as on any react-admin form.
 */
export const ConfirmedForm = ({ confirmTitle, summary, confirmLabel, resetTo, children, ...rest }: ConfirmedFormProps) => {
  const [pending, setPending] = useState<FormValues | null>(null);
  return (
    <SimpleForm
      noValidate
      {...rest}
      onSubmit={(values: FormValues) => setPending(values)}
      toolbar={
        <Toolbar sx={{ gap: 1 }}>
          <SaveButton label="Save" alwaysEnable />
          <Button component={Link} to={resetTo} variant="outlined">
            Reset
          </Button>
        </Toolbar>
      }
    >
      {children}
      <ConfirmDialog
        pending={pending}
        onClose={() => setPending(null)}
        title={confirmTitle}
        summary={summary}
        confirmLabel={confirmLabel}
      />
    </SimpleForm>
  );
};

const ConfirmDialog = ({
  pending,
  onClose,
  title,
  summary,
  confirmLabel,
}: {
  pending: FormValues | null;
  onClose: () => void;
  title: string;
  summary: (values: FormValues) => ReactNode;
  confirmLabel: (values: FormValues) => string;
}) => {
  const saveContext = useSaveContext();
  const { setError } = useFormContext();
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const confirm = async () => {
    if (!pending || !saveContext?.save) return;
    setBusy(true);
    try {
      const errors = await saveContext.save(pending);
      if (errors) setSubmissionErrors(errors, setError);
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog open={!!pending} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{pending && summary(pending)}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Go Back
        </Button>
        <Button onClick={confirm} variant="contained" disabled={busy || saveContext?.saving}>
          {pending ? confirmLabel(pending) : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
