import { useState } from 'react';
import { Edit } from 'react-admin';
import { useSaveError } from '../../components/useSaveError';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { pendingPurchaseSlug, toPayload } from './pendingPurchase';
import { PreregistrationForm } from './PreregistrationForm';

/** An updated pre-registration goes to its detail page (SPEC section 4). */
const toDetail = (_resource?: string, id?: unknown) => `/preregistration/${encodeURIComponent(String(id))}`;

export const PreregistrationEdit = () => {
  const [pendingSlug, setPendingSlug] = useState<string | null>(null);
  const onSuccess = useWriteSuccess(toDetail, 'Pre-registration updated.');
  const onError = useSaveError((messages) => setPendingSlug(pendingPurchaseSlug(messages)));
  return (
    <Edit title="Pre-Registration" mutationMode="pessimistic" transform={toPayload} mutationOptions={{ onSuccess, onError }}>
      <PreregistrationForm mode="edit" pendingSlug={pendingSlug} />
    </Edit>
  );
};
