import { useState } from 'react';
import { Edit } from 'react-admin';
import { prepareScreenshot } from '@campaign/domain/browser';
import { useSaveError } from '../../components/useSaveError';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { earlierRecords, EarlierRecords, toPayload } from './earlierRecord';
import { PreregistrationForm } from './PreregistrationForm';

/** An updated pre-registration goes to its detail page. */
const toDetail = (_resource?: string, id?: unknown) => `/preregistration/${encodeURIComponent(String(id))}`;
const transform = (values: Record<string, unknown>) => toPayload(values, { edit: true, scale: prepareScreenshot });

export const PreregistrationEdit = () => {
  const [earlier, setEarlier] = useState<EarlierRecords>({});
  const onSuccess = useWriteSuccess(toDetail, 'Pre-registration updated.');
  const onError = useSaveError((messages) => setEarlier(earlierRecords(messages)));
  return (
    <Edit title="Edit Pre-Registration" mutationMode="pessimistic" transform={transform} mutationOptions={{ onSuccess, onError }}>
      <PreregistrationForm mode="edit" earlier={earlier} />
    </Edit>
  );
};
