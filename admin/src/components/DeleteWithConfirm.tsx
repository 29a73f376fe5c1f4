import { DeleteButton } from 'react-admin';
import { useWriteSuccess } from './useWriteSuccess';

/**
 * Delete behind the confirm 'Are you sure?' (SPEC section 8); waits for the server,
 * toasts its message and goes to the list. Hidden without the delete permission.
 */
export const DeleteWithConfirm = ({ confirmTitle = 'Are you sure?' }: { confirmTitle?: string }) => {
  const onSuccess = useWriteSuccess('list', 'Deleted.');
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle={confirmTitle}
      confirmContent="This cannot be undone."
      mutationOptions={{ onSuccess: () => onSuccess() }}
    />
  );
};
