import { DrawCheck } from '../../components/DrawCheck';
import { Permission, rupees } from '@campaign/domain';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Show, useCanAccess, useGetIdentity, usePermissions, useRecordContext } from 'react-admin';
import { BRANCH_ONLY_REGISTRATION } from '../../layout/AccessDenied';
import type { Identity } from '../../providers/authProvider';
import { DeleteWithConfirm } from '../../components/DeleteWithConfirm';
import { DetailRow, DetailSection, ScreenshotProof, yesNo } from '../../components/DetailSection';
import { nepalDateTime } from '../../components/format';
import { RecordEditButton } from '../../components/ShowActions';
import { EraseCustomerButton } from './EraseCustomerButton';
import { ADMIN_BASE } from '../../paths';
import { recordPath } from '../../routing';

export const DELETE_PREREGISTRATION_CONFIRM = 'Are you sure you want to delete this preregistration?';

/** Where 'View Registration' goes: the purchase, or the customers list searched by phone. */
export function registrationLink(record: { registration?: { slug?: string } | null; phone?: string; [key: string]: unknown }): string {
  if (record.registration?.slug) return recordPath('registration', record.registration.slug);
  return `${ADMIN_BASE}/registration?filter=${encodeURIComponent(JSON.stringify({ q: record.phone ?? '' }))}`;
}

const Actions = () => {
  const record = useRecordContext();
  const { canAccess: canRegister } = useCanAccess({ resource: 'registration', action: 'create' });
  const { identity } = useGetIdentity();
  const isAdmin = !!(identity as Identity | undefined)?.isAdmin;
  if (!record) return null;
  const slug = String(record.id);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button component={Link} to={`${ADMIN_BASE}/preregistration`} variant="outlined">
        Close
      </Button>
      <RecordEditButton />
      {record.purchased && (
        <Button component={Link} to={registrationLink(record)} variant="contained">
          View Registration
        </Button>
      )}
      {!record.is_verified && (
        <Button component={Link} to={`${recordPath('preregistration', slug)}/verify`} variant="contained">
          Proceed with Verification
        </Button>
      )}
      {record.is_verified && !record.purchased && !canRegister && isAdmin && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
          {BRANCH_ONLY_REGISTRATION}
        </Typography>
      )}
      {record.is_verified && !record.purchased && canRegister && (
        <Button component={Link} to={`${ADMIN_BASE}/registration/create/${encodeURIComponent(slug)}`} variant="contained">
          Proceed with Registration
        </Button>
      )}
      {!record.purchased && <DeleteWithConfirm confirmTitle={DELETE_PREREGISTRATION_CONFIRM} />}
      <EraseCustomerButton />
    </Stack>
  );
};

/**
 * What a customer's share link brought (#19), counted in every branch; links to its row in the
 * referrer report. The friends are verified pre-registrations, one per phone; test rides (no
 * phone check) are told beside them, never counted as friends (issue #32).
 */
export function friendsLine(friends: { preregistrations: number; test_rides: number; purchases: number }): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const total = friends.preregistrations + friends.test_rides;
  if (!total) return 'No friend has come through the link yet';
  return `${n(friends.preregistrations, 'verified pre-registration', 'verified pre-registrations')}, ${n(friends.test_rides, 'test ride', 'test rides')}, ${n(friends.purchases, 'purchase', 'purchases')}`;
}

/**
 * A public enquiry held without a draw (issue #32): its citizenship number is another live
 * record's. The server's message, as the form's error says it, with 'View' to that record
 * when this user may open it; saving the record releases it once the number is free.
 */
const HeldRow = ({ held }: { held: string[] }) => (
  <DetailRow label="Held Without Draw">
    {held[0]}
    {held[1] && (
      <>
        {' '}
        <Link to={recordPath('preregistration', held[1])}>View</Link>
      </>
    )}
  </DetailRow>
);

const Details = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  if (!record) return null;
  const showCode = !!permissions?.includes(Permission.SendSms);
  const shot = record.screenshot as { url?: string; thumbnail?: string } | null;
  return (
    <Box sx={{ mt: 2 }}>
      <DetailSection title="Customer Details">
        <DetailRow label="Name">{record.name}</DetailRow>
        <DetailRow label="Address">{record.address}</DetailRow>
        <DetailRow label="Email">{record.email}</DetailRow>
        <DetailRow label="Phone">{record.phone}</DetailRow>
        {showCode && <DetailRow label="OTP Code">{record.code ?? (record.is_verified ? 'Verified' : null)}</DetailRow>}
        <DetailRow label="Citizenship No/PAN">{record.citizenship_no}</DetailRow>
        {Array.isArray(record.held) && <HeldRow held={record.held as string[]} />}
        <DetailRow label="Shared in Social Media">
          {yesNo(record.shared)}
          {shot?.url && <ScreenshotProof url={shot.url} thumbnail={shot.thumbnail} alt={`Screenshot shared by ${record.name}`} />}
        </DetailRow>
        <DetailRow label="Favorite Roadie">{record.roadie}</DetailRow>
        {record.note && <DetailRow label="Note">{record.note}</DetailRow>}
      </DetailSection>
      <DetailSection title="Preregistration Details">
        <DetailRow label="Slug">{record.slug}</DetailRow>
        <DetailRow label="Branch">{record.branch?.title ?? 'Public'}</DetailRow>
        <DetailRow label="Nearest Showroom">{record.nearest_branch?.title}</DetailRow>
        <DetailRow label="Source">{record.source}</DetailRow>
        <DetailRow label="Date">{nepalDateTime(record.created_at)}</DetailRow>
        <DetailRow label="Bike Model">{record.bike_model?.title}</DetailRow>
        {record.prize != null && <DetailRow label="Prize Won">{rupees(record.prize)}</DetailRow>}
        {record.draw_id && (
          <DetailRow label="Draw">
            <DrawCheck drawId={record.draw_id} fingerprint={record.draw_fingerprint} />
          </DetailRow>
        )}
        {record.friends && (
          <DetailRow label="Friends Through Share Link">
            {friendsLine(record.friends)}
            {' · '}
            <Link to={`${ADMIN_BASE}/referrer?filter=${encodeURIComponent(JSON.stringify({ q: record.share_code }))}`}>ref-{record.share_code}</Link>
          </DetailRow>
        )}
        {record.consent_at && <DetailRow label="Consent">{`${nepalDateTime(record.consent_at)} (terms ${record.terms_version})`}</DetailRow>}
        {record.erased_at && <DetailRow label="Personal Data Erased">{nepalDateTime(record.erased_at)}</DetailRow>}
      </DetailSection>
      <Actions />
    </Box>
  );
};

/** /admin/preregistration/{slug} (docs/decisions.md, "Pre-registration details"). */
export const PreregistrationShow = () => (
  <Show actions={false} title="Pre-Registration" component="div">
    <Details />
  </Show>
);
