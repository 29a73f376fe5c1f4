import { EditButton, TopToolbar, useRecordContext, useResourceContext } from 'react-admin';
import { recordPath } from '../routing';
import { DeleteWithConfirm } from './DeleteWithConfirm';

/** Edit at the record's edit URL (/admin/{resource}/{id}/edit); hidden without the permission. */
export const RecordEditButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  if (!record || !resource) return null;
  return <EditButton to={recordPath(resource, record.id, 'edit')} />;
};

/** Detail pages: Edit and Delete (each hidden without its permission). */
export const ShowActions = () => (
  <TopToolbar>
    <RecordEditButton />
    <DeleteWithConfirm />
  </TopToolbar>
);
