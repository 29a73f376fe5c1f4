import { Edit } from 'react-admin';
import { useSaveError } from '../../components/useSaveError';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { toRegistrationPayload } from './registrationPayload';
import { RegistrationForm } from './RegistrationForm';

/** An updated registration goes to its detail page. */
const toDetail = (_resource?: string, id?: unknown) => `/registration/${encodeURIComponent(String(id))}`;

export const RegistrationEdit = () => {
  const onSuccess = useWriteSuccess(toDetail, 'Registration updated.');
  const onError = useSaveError();
  return (
    <Edit title="Registration" mutationMode="pessimistic" transform={toRegistrationPayload} mutationOptions={{ onSuccess, onError }}>
      <RegistrationForm mode="edit" />
    </Edit>
  );
};
