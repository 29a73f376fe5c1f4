import { useState } from 'react';
import { Create } from 'react-admin';
import { useSaveError } from '../../components/useSaveError';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { pendingPurchaseSlug, toPayload } from './pendingPurchase';
import { PreregistrationForm } from './PreregistrationForm';

/** A created pre-registration goes to its verify page (SPEC section 4). */
const toVerify = (_resource?: string, id?: unknown) => `/preregistration/${encodeURIComponent(String(id))}/verify`;

export const PreregistrationCreate = () => {
  const [pendingSlug, setPendingSlug] = useState<string | null>(null);
  const onSuccess = useWriteSuccess(toVerify, 'Pre-registration saved.');
  const onError = useSaveError((messages) => setPendingSlug(pendingPurchaseSlug(messages)));
  return (
    <Create title="Pre-Registration" transform={toPayload} mutationOptions={{ onSuccess, onError }}>
      <PreregistrationForm mode="create" pendingSlug={pendingSlug} />
    </Create>
  );
};
