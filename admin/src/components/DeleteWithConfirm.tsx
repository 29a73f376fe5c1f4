import { DeleteButton, RedirectionSideEffect } from 'react-admin';
import { useWriteSuccess } from './useWriteSuccess';

/**
 * Delete behind the confirm 'Are you sure?'; waits for the server,
 * toasts its message and goes to the list (or `redirectTo`). Hidden without the delete
 * permission.
 */
export const DeleteWithConfirm = ({
  confirmTitle = 'Are you sure?',
  confirmContent = 'This cannot be undone.',
  redirectTo = 'list',
}: {
  confirmTitle?: string;
  confirmContent?: string;
  redirectTo?: RedirectionSideEffect;
}) => {
  const onSuccess = useWriteSuccess(redirectTo, 'Deleted.');
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle={confirmTitle}
      confirmContent={confirmContent}
      mutationOptions={{ onSuccess: () => onSuccess() }}
    />
  );
};
