import { SaveButton, Toolbar } from 'react-admin';

/** Forms save only; delete lives on the detail page behind its confirm. */
export const FormToolbar = ({ label }: { label?: string }) => (
  <Toolbar>
    <SaveButton label={label} />
  </Toolbar>
);
