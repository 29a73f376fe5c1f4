import { Create } from 'react-admin';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { toAllocationPayload } from './allocationChoices';
import { AllocationForm } from './AllocationForm';

const toScheme = () => '/scheme';

/** /admin/scheme/create; a created allocation goes back to /admin/scheme. */
export const AllocationCreate = () => {
  const onSuccess = useWriteSuccess(toScheme, 'Allocation created.', { showNew: true });
  return (
    <Create resource="allocation" title="Scheme" transform={toAllocationPayload} mutationOptions={{ onSuccess }}>
      <AllocationForm />
    </Create>
  );
};
