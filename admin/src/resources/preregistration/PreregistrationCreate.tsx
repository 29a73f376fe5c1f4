import { useState } from 'react';
import { Create, useGetIdentity } from 'react-admin';
import { BRANCH_ONLY_PREREGISTRATION, BranchOnly } from '../../layout/AccessDenied';
import type { Identity } from '../../providers/authProvider';
import { ADMIN_BASE } from '../../paths';
import { newClientSeed } from '@campaign/domain';
import { prepareScreenshot } from '@campaign/domain/browser';
import { useSaveError } from '../../components/useSaveError';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { earlierRecords, EarlierRecords, toPayload } from './earlierRecord';
import { PreregistrationForm } from './PreregistrationForm';

/** A created pre-registration goes to its verify page. */
const toVerify = (_resource?: string, id?: unknown) => `/preregistration/${encodeURIComponent(String(id))}/verify`;
/** The staff browser's seed for the record's provably fair draw (docs/fairness.md) goes with it. */
const transform = async (values: Record<string, unknown>) => ({ ...(await toPayload(values, { scale: prepareScreenshot })), client_seed: newClientSeed() });

export const PreregistrationCreate = () => {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return null;
  // Only branch users create: head office is told so here rather than sent away.
  if ((identity as Identity | undefined)?.isAdmin) return <BranchOnly message={BRANCH_ONLY_PREREGISTRATION} back={`${ADMIN_BASE}/preregistration`} />;
  return <BranchPreregistrationCreate />;
};

const BranchPreregistrationCreate = () => {
  const [earlier, setEarlier] = useState<EarlierRecords>({});
  const onSuccess = useWriteSuccess(toVerify, 'Pre-registration saved.');
  const onError = useSaveError((messages) => setEarlier(earlierRecords(messages)));
  return (
    <Create title="Create Pre-Registration" transform={transform} mutationOptions={{ onSuccess, onError }}>
      <PreregistrationForm mode="create" earlier={earlier} />
    </Create>
  );
};
