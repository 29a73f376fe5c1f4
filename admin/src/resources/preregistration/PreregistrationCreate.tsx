import { useState } from 'react';
import { Create } from 'react-admin';
import { prepareScreenshot } from '../../components/imageScale';
import { useSaveError } from '../../components/useSaveError';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { earlierRecords, EarlierRecords, toPayload } from './earlierRecord';
import { PreregistrationForm } from './PreregistrationForm';

/** A created pre-registration goes to its verify page (SPEC section 4). */
const toVerify = (_resource?: string, id?: unknown) => `/preregistration/${encodeURIComponent(String(id))}/verify`;
const transform = (values: Record<string, unknown>) => toPayload(values, { scale: prepareScreenshot });

export const PreregistrationCreate = () => {
  const [earlier, setEarlier] = useState<EarlierRecords>({});
  const onSuccess = useWriteSuccess(toVerify, 'Pre-registration saved.');
  const onError = useSaveError((messages) => setEarlier(earlierRecords(messages)));
  return (
    <Create title="Create Pre-Registration" transform={transform} mutationOptions={{ onSuccess, onError }}>
      <PreregistrationForm mode="create" earlier={earlier} />
    </Create>
  );
};
