import { useEffect } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { Link, Navigate } from 'react-router-dom';
import { useNotify } from 'react-admin';

/** What head office is told where only branch users may act (the server answers them 403 too). */
export const BRANCH_ONLY_REGISTRATION =
  'Only branch users can register a purchase: head office can view, edit and verify pre-registrations. The branch staff convert this one from their account.';
export const BRANCH_ONLY_PREREGISTRATION = 'Only branch users can create pre-registrations: head office can view, edit and verify them.';

/** Routes the user lacks the permission for send them to /admin. */
export const AccessDenied = () => {
  const notify = useNotify();
  useEffect(() => notify('You do not have permission to open that page.', { type: 'warning' }), [notify]);
  return <Navigate to="/admin" replace />;
};

/** A branch-only page opened by head office: it says why, with a way back, instead of leaving. */
export const BranchOnly = ({ message, back }: { message: string; back: string }) => (
  <Box sx={{ p: 3, maxWidth: 720 }}>
    <Alert severity="info" sx={{ mb: 2 }}>
      {message}
    </Alert>
    <Button component={Link} to={back} variant="outlined">
      Back
    </Button>
  </Box>
);
