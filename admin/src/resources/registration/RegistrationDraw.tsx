import { PURCHASE_WHEEL_EXTRA, rupees, wheelSegments } from '@campaign/domain';
import { useMemo } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link, useParams } from 'react-router-dom';
import { DrawPage } from '../../components/DrawPage';
import { useCampaignSettings } from '../../components/useCampaignSettings';
import { useFreshRecord } from '../../components/useFreshRecord';
import { ADMIN_BASE } from '../../paths';
import { recordPath } from '../../routing';

/**
 * /admin/registration/{slug}/draw, the registration result screen: the purchase wheel
 * (registration prizes plus a 1,000,000 segment) lands on the coupon drawn at creation, then
 * the registration prize, the purchase discount and their total.
 */
export const RegistrationDraw = () => {
  const { id = '' } = useParams();
  const { record, error } = useFreshRecord('registration', id);
  const { settings, isPending } = useCampaignSettings();
  const coupon: number | null = typeof record?.coupon?.amount === 'number' ? record.coupon.amount : null;
  const prePrize: number = record?.preregistration?.prize ?? 0;
  const segments = useMemo(
    () => (coupon !== null && !isPending ? wheelSegments(settings.options.prizes, coupon, { extra: [PURCHASE_WHEEL_EXTRA] }) : null),
    // Built once, so the wheel does not change under the viewer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [coupon, isPending],
  );
  const problem = error
    ? 'This registration could not be loaded.'
    : record && coupon === null
      ? 'This registration has no purchase prize.'
      : null;

  return (
    <DrawPage
      heading={record ? `Purchase prize for ${record.name}` : 'Purchase prize'}
      segments={segments}
      drawId={record?.draw_id}
      fingerprint={record?.draw_fingerprint}
      prize={coupon}
      problem={problem}
    >
      <Typography component="h2" variant="h5" color="primary" sx={{ mt: 1 }}>
        Congratulations {record?.name}!
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'center',
          columnGap: 3,
          rowGap: 0.5,
          my: 2,
          '& dd': { m: 0, fontWeight: 600, textAlign: 'right' },
        }}
      >
        <dt>Registration Prize</dt>
        <dd>{rupees(prePrize)}</dd>
        <dt>Purchase Discount</dt>
        <dd>{rupees(coupon)}</dd>
        <dt>Total</dt>
        <dd>{rupees(prePrize + (coupon ?? 0))}</dd>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={Link} to={ADMIN_BASE} variant="outlined">
          Back to Home
        </Button>
        <Button component={Link} to={recordPath('registration', id)} variant="contained">
          View Details
        </Button>
      </Stack>
    </DrawPage>
  );
};
