import { DrawCheck } from '../../components/DrawCheck';
import { Permission, rupees } from '@campaign/domain';
import { Alert, Box, Button, Link as MuiLink, Stack } from '@mui/material';
import { Link } from 'react-router-dom';
import { Show, useGetOne, usePermissions, useRecordContext } from 'react-admin';
import { DeleteWithConfirm } from '../../components/DeleteWithConfirm';
import { DetailRow, DetailSection, ScreenshotProof, yesNo } from '../../components/DetailSection';
import { nepalDateTime } from '../../components/format';
import { RecordEditButton } from '../../components/ShowActions';
import { ADMIN_BASE } from '../../paths';
import { recordPath } from '../../routing';
import { paymentModeLabel } from './registrationFilters';
import { NotifyCouponButton } from './NotifyCouponButton';
import { RestoreButton } from './RestoreButton';

interface RegistrationRecord {
  id: string;
  slug: string;
  name: string;
  phone: string;
  deleted_at: string | null;
  coupon: { amount: number; verified: boolean } | null;
  preregistration: {
    slug: string;
    shared: boolean;
    screenshot_url: string | null;
    prize: number | null;
    draw_id?: string | null;
    draw_fingerprint?: string | null;
  } | null;
  /** The purchase draw's public id (docs/fairness.md). */
  draw_id?: string | null;
  /** The first 20 hex characters of the purchase draw day's commitment hash, shown beside the draw id. */
  draw_fingerprint?: string | null;
  [key: string]: unknown;
}

/** Total prize: the purchase coupon plus the pre-registration prize. */
export const totalPrize = (r: Pick<RegistrationRecord, 'coupon' | 'preregistration'>): number | null =>
  r.coupon ? r.coupon.amount + (r.preregistration?.prize ?? 0) : null;

/** The pre-registration's branch (public enquiries have none); not shown when it cannot be read. */
const PreregistrationBranch = ({ slug }: { slug: string }) => {
  const { data, isPending, error } = useGetOne('preregistration', { id: slug }, { retry: false });
  if (isPending) return <>…</>;
  if (error || !data) return <>—</>;
  return <>{data.branch?.title ?? 'Public'}</>;
};

const Actions = ({ record }: { record: RegistrationRecord }) => {
  const deleted = !!record.deleted_at;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button component={Link} to={`${ADMIN_BASE}/registration${deleted ? '/deleted' : ''}`} variant="outlined">
        Close
      </Button>
      {!deleted && <RecordEditButton />}
      {!deleted && record.coupon && !record.coupon.verified && (
        <>
          <Button component={Link} to={`${recordPath('registration', record.id)}/verify`} variant="contained">
            Verify Coupon Code
          </Button>
          <NotifyCouponButton />
        </>
      )}
      {deleted ? (
        <RestoreButton />
      ) : (
        <DeleteWithConfirm confirmContent="The registration moves to the trash, from where it can be restored." />
      )}
    </Stack>
  );
};

const Details = () => {
  const record = useRecordContext<RegistrationRecord>();
  const { permissions } = usePermissions<string[]>();
  if (!record) return null;
  const pre = record.preregistration;
  const total = totalPrize(record);
  const referring = record.referring_registration as { slug: string; name: string; bill_no: string } | null;
  return (
    <Box sx={{ mt: 2 }}>
      {record.deleted_at && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This registration was deleted on {nepalDateTime(record.deleted_at)}.
        </Alert>
      )}
      <DetailSection title="Customer Details">
        <DetailRow label="Name">{record.name}</DetailRow>
        <DetailRow label="Address">{record.address as string}</DetailRow>
        <DetailRow label="Email">{record.email as string}</DetailRow>
        <DetailRow label="Phone">{record.phone}</DetailRow>
        <DetailRow label="Citizenship Number/PAN">{(record.citizenship_no as string) ?? (record.pan as string)}</DetailRow>
        {record.note ? <DetailRow label="Note">{record.note as string}</DetailRow> : null}
        <DetailRow label="Shared in Social Media">
          {yesNo(pre?.shared)}
          {pre?.screenshot_url && <ScreenshotProof url={pre.screenshot_url} alt={`Screenshot shared by ${record.name}`} />}
        </DetailRow>
        <DetailRow label="Key Handover Post Shared">{yesNo(record.shared)}</DetailRow>
        {total !== null && <DetailRow label="Total Prize">{rupees(total)}</DetailRow>}
        {record.draw_id && (
          <DetailRow label="Purchase Draw">
            <DrawCheck drawId={record.draw_id} fingerprint={record.draw_fingerprint} />
          </DetailRow>
        )}
      </DetailSection>
      <DetailSection title="Preregistration Details">
        <DetailRow label="Branch">{pre ? <PreregistrationBranch slug={pre.slug} /> : null}</DetailRow>
        <DetailRow label="Prize">{pre?.prize != null ? rupees(pre.prize) : null}</DetailRow>
        {pre?.draw_id && (
          <DetailRow label="Draw">
            <DrawCheck drawId={pre.draw_id} fingerprint={pre.draw_fingerprint} />
          </DetailRow>
        )}
        {pre && (
          <DetailRow label="Pre-registration">
            <MuiLink component={Link} to={recordPath('preregistration', pre.slug)}>
              {pre.slug}
            </MuiLink>
          </DetailRow>
        )}
      </DetailSection>
      <DetailSection title="Registration Details">
        <DetailRow label="Slug">{record.slug}</DetailRow>
        <DetailRow label="Bill / Challan No.">{record.bill_no as string}</DetailRow>
        <DetailRow label="Branch">{(record.branch as { title?: string } | null)?.title}</DetailRow>
        <DetailRow label="Model">{(record.bike_model as { title?: string } | null)?.title}</DetailRow>
        <DetailRow label="Engine No.">{record.engine_no as string}</DetailRow>
        <DetailRow label="Chassis No.">{record.chasis_no as string}</DetailRow>
        <DetailRow label="Vehicle Registration No.">{record.registration_no as string}</DetailRow>
        <DetailRow label="Purchase Date">{nepalDateTime(record.created_at)}</DetailRow>
        <DetailRow label="Payment Mode">{paymentModeLabel(record.payment_mode)}</DetailRow>
        <DetailRow label="Prizes">
          {rupees(pre?.prize ?? 0)} (registration) + {record.coupon ? rupees(record.coupon.amount) : '—'} (purchase)
        </DetailRow>
        <DetailRow label="Selected Roadie">{record.roadie as string}</DetailRow>
        {record.coupon && <DetailRow label="Coupon Code Verified">{yesNo(record.coupon.verified)}</DetailRow>}
        {permissions?.includes(Permission.SendSms) && record.coupon_code ? (
          <DetailRow label="Coupon Code">{record.coupon_code as string}</DetailRow>
        ) : null}
        {referring && (
          <DetailRow label="Referred by">
            <MuiLink component={Link} to={recordPath('registration', referring.slug)}>
              {referring.name} ({referring.bill_no})
            </MuiLink>
          </DetailRow>
        )}
      </DetailSection>
      <Actions record={record} />
    </Box>
  );
};

/** /admin/registration/{slug}, the registration detail; deleted ones too, without Edit. */
export const RegistrationShow = () => (
  <Show actions={false} title="Registration" component="div">
    <Details />
  </Show>
);
