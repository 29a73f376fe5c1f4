import { newClientSeed } from '@campaign/domain';
import { useEffect, useMemo } from 'react';
import { CircularProgress } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { Create, useGetIdentity, useNotify } from 'react-admin';
import { BRANCH_ONLY_REGISTRATION, BranchOnly } from '../../layout/AccessDenied';
import type { Identity } from '../../providers/authProvider';
import { useFreshRecord } from '../../components/useFreshRecord';
import { useSaveError } from '../../components/useSaveError';
import { useWriteSuccess } from '../../components/useWriteSuccess';
import { ADMIN_BASE } from '../../paths';
import { recordPath } from '../../routing';
import { prefillFromPreregistration, toRegistrationPayload } from './registrationPayload';
import { RegistrationForm } from './RegistrationForm';

/** The purchase draw gets a fresh seed from this screen's browser (docs/fairness.md). */
const withDrawSeed = (values: Record<string, unknown>) => ({ ...toRegistrationPayload(values), client_seed: newClientSeed() });

/** A created registration goes to its purchase draw. */
const toDraw = (_resource?: string, id?: unknown) => `/registration/${encodeURIComponent(String(id))}/draw`;

/**
 * /admin/registration/create/{preregistration slug}: the form prefilled from the
 * pre-registration. One that cannot be loaded sends the user to /admin;
 * an unverified one to its verify page, a purchased one to its detail.
 */
export const RegistrationCreate = () => {
  const { '*': slug = '' } = useParams();
  const { identity, isPending } = useGetIdentity();
  if (isPending) return <CircularProgress aria-label="Loading" sx={{ m: 4 }} />;
  // Only branch users convert: head office is told so here rather than sent away.
  if ((identity as Identity | undefined)?.isAdmin) return <BranchOnly message={BRANCH_ONLY_REGISTRATION} back={recordPath('preregistration', slug)} />;
  return <BranchRegistrationCreate slug={slug} />;
};

const BranchRegistrationCreate = ({ slug }: { slug: string }) => {
  const navigate = useNavigate();
  const notify = useNotify();
  // Read now, not from the cache: a copy cached before the verification would say 'not verified'.
  const { record: pre, error } = useFreshRecord('preregistration', slug || undefined);
  const onSuccess = useWriteSuccess(toDraw, 'Registration created.');
  const onError = useSaveError();
  const prefill = useMemo(() => (pre ? prefillFromPreregistration(pre) : undefined), [pre]);

  useEffect(() => {
    if (!slug || error) {
      notify('The pre-registration could not be loaded.', { type: 'warning' });
      navigate(ADMIN_BASE, { replace: true });
    } else if (pre && !pre.is_verified) {
      navigate(`${recordPath('preregistration', slug)}/verify`, { replace: true });
    } else if (pre?.purchased) {
      notify('This pre-registration has already been purchased.', { type: 'warning' });
      navigate(recordPath('preregistration', slug), { replace: true });
    }
  }, [slug, error, pre, navigate, notify]);

  if (!pre || !pre.is_verified || pre.purchased) return <CircularProgress aria-label="Loading" sx={{ m: 4 }} />;
  return (
    <Create
      resource="registration"
      title="Registration"
      record={prefill}
      transform={withDrawSeed}
      mutationOptions={{ onSuccess, onError }}
    >
      <RegistrationForm mode="create" />
    </Create>
  );
};
