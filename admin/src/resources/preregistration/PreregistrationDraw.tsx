import { rupees, wheelSegments } from '@campaign/domain';
import { useEffect, useMemo } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCanAccess } from 'react-admin';
import { DrawPage } from '../../components/DrawPage';
import { useCampaignSettings } from '../../components/useCampaignSettings';
import { useFreshRecord } from '../../components/useFreshRecord';
import { ADMIN_BASE } from '../../paths';
import { recordPath } from '../../routing';

/**
 * /admin/preregistration/{slug}/draw: the wheel of pre-registration prizes (pre_prizes in
 * random order, plus the prize if missing) lands on the prize drawn at verification, then
 * the prize message. An unverified record goes to its verify page.
 */
export const PreregistrationDraw = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { record, error } = useFreshRecord('preregistration', id);
  const { settings, isPending } = useCampaignSettings();
  const { canAccess: canRegister } = useCanAccess({ resource: 'registration', action: 'create' });

  useEffect(() => {
    if (record && !record.is_verified) navigate(`${recordPath('preregistration', id)}/verify`, { replace: true });
  }, [record, id, navigate]);

  const prize: number | null = record?.is_verified && typeof record.prize === 'number' ? record.prize : null;
  const segments = useMemo(
    () => (prize !== null && !isPending ? wheelSegments(settings.options.pre_prizes, prize) : null),
    // Built once, so the wheel does not change under the viewer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [prize, isPending],
  );

  const problem = error
    ? 'This pre-registration could not be loaded.'
    : record?.is_verified && prize === null
      ? 'The prize is not drawn yet. Please reload in a moment.'
      : null;

  return (
    <DrawPage
      heading={record ? `Prize draw for ${record.name}` : 'Prize draw'}
      segments={segments}
      prize={prize}
      problem={problem}
      drawId={record?.draw_id}
      fingerprint={record?.draw_fingerprint}
    >
      <Typography component="h2" variant="h5" color="primary" sx={{ mt: 1 }}>
        Congratulations {record?.name}!
      </Typography>
      <Typography sx={{ mt: 1 }}>
        You have won a cash discount of <strong>{rupees(prize)}</strong>.
      </Typography>
      {record?.send_sms && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          An SMS will be sent to {record.phone}.
        </Typography>
      )}
      <Stack direction="row" sx={{ justifyContent: 'center', gap: 1, mt: 3, flexWrap: 'wrap' }}>
        <Button component={Link} to={recordPath('preregistration', id)} variant="outlined">
          View Details
        </Button>
        {canRegister && !record?.purchased && (
          <Button component={Link} to={`${ADMIN_BASE}/registration/create/${encodeURIComponent(id)}`} variant="contained">
            Proceed with Registration
          </Button>
        )}
      </Stack>
    </DrawPage>
  );
};
