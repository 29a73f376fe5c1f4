import { EditButton, TopToolbar } from 'react-admin';
import { DeleteWithConfirm } from './DeleteWithConfirm';

/** Detail pages: Edit and Delete (each hidden without its permission). */
export const ShowActions = () => (
  <TopToolbar>
    <EditButton />
    <DeleteWithConfirm />
  </TopToolbar>
);
