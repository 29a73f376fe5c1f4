import type { ReactNode } from 'react';
import { Create, Edit } from 'react-admin';
import { useWriteSuccess } from './useWriteSuccess';

/**
 * Create and edit pages of the catalogue resources: the server answers before the page
 * moves on (so its field errors land under the fields), the toast shows its message,
 * and the user goes to the list, which after a create shows the new record.
 */
export const EditPage = ({ children, title }: { children: ReactNode; title?: string }) => {
  const onSuccess = useWriteSuccess('list');
  return (
    <Edit title={title} mutationMode="pessimistic" mutationOptions={{ onSuccess }}>
      {children}
    </Edit>
  );
};

export const CreatePage = ({ children, title }: { children: ReactNode; title?: string }) => {
  const onSuccess = useWriteSuccess('list', 'Saved.', { showNew: true });
  return (
    <Create title={title} mutationOptions={{ onSuccess }}>
      {children}
    </Create>
  );
};
