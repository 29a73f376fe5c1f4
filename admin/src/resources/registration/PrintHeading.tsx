import { Box, Typography } from '@mui/material';
import { useGetIdentity } from 'react-admin';
import { nepalDateTime } from '../../components/format';
import { useApiList } from '../../components/useApiList';
import { useCampaignSettings } from '../../components/useCampaignSettings';
import type { Identity } from '../../providers/authProvider';

/** How the registered list's filters read on paper. */
const FILTER_LABELS: Record<string, string> = {
  q: 'Search',
  payment_mode: 'Payment mode',
  bike_model: 'Bike model',
  from: 'From',
  to: 'To',
  prize: 'Total prize',
  pre_prize: 'Register prize',
  post_prize: 'Buy prize',
  shared: 'Shared',
};

type Named = { id: number; title: string };

/** The filters but the branch (its own line) as 'Label: value' in words: the model by name, shared as Yes/No. */
export function describeFilters(filter: Record<string, string>, models: Named[]): string {
  const parts = Object.entries(filter)
    .filter(([key]) => key !== 'branch')
    .map(([key, value]) => {
      const shown = key === 'bike_model' ? (models.find((m) => String(m.id) === value)?.title ?? value) : key === 'shared' ? (value === '1' ? 'Yes' : 'No') : value;
      return `${FILTER_LABELS[key] ?? key}: ${shown}`;
    });
  return parts.length ? parts.join(' · ') : 'None (every registration)';
}

/**
 * The print's heading: the campaign, whose registrations (the branch user's branch, or
 * head office's branch filter, or every branch), the filters in words, the count and when
 * it was printed (Nepal time), so a sheet found on a desk says what it is.
 */
export const PrintHeading = ({ filter, count }: { filter: Record<string, string>; count: number }) => {
  const { identity } = useGetIdentity();
  // The same reads as the list's filters: the names they offered are the names printed.
  const campaign = useCampaignSettings().settings.campaign_name;
  const models = useApiList<Named>('/bike-model', { all: '1' }).data;
  const branches = useApiList<Named>('/branches').data;
  const own = (identity as Identity | undefined)?.branch;
  const branch = own?.title ?? (filter.branch ? (branches.find((b) => String(b.id) === filter.branch)?.title ?? filter.branch) : 'All branches');
  return (
    <Box component="header" sx={{ px: '4mm', pt: '2mm' }}>
      <Typography component="h1" sx={{ fontWeight: 700, fontSize: '15pt' }}>
        {campaign ? `${campaign}: registered customers` : 'Registered customers'}
      </Typography>
      <Typography sx={{ fontSize: '10pt' }}>Branch: {branch}</Typography>
      <Typography sx={{ fontSize: '10pt' }}>Filters: {describeFilters(filter, models)}</Typography>
      <Typography sx={{ fontSize: '10pt' }}>
        {count} {count === 1 ? 'customer' : 'customers'} · printed {nepalDateTime(new Date())}
      </Typography>
    </Box>
  );
};
