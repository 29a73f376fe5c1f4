import { rupees } from '@campaign/domain';
import { SearchInput, SelectInput } from 'react-admin';
import { dateRangeFilters } from '../../components/dateRangeFilters';
import { useBikeModelFilter, useBranchFilter } from '../../components/bikeModelFilter';
import { toChoices, useCampaignSettings } from '../../components/useCampaignSettings';

export const KEY_HANDOVER_CHOICES = [
  { id: '1', name: 'Shared' },
  { id: '0', name: 'Not Shared' },
];

/** 'CASH_EXCHANGE' → 'CASH EXCHANGE'. */
export const paymentModeLabel = (mode: unknown) => (typeof mode === 'string' ? mode.replace(/_/g, ' ') : '');

/**
 * The registered list's filters: Branch (head office only), Bike Model,
 * Register Prize, Buy Prize, Key Handover (All, Shared, Not Shared), From and To (date and
 * hour, 60-minute steps), Payment Mode, and the search box. Sent as the table's query
 * parameters (branch, bike_model, pre_prize, post_prize, shared, from, to, payment_mode).
 */
export function useRegistrationFilters() {
  const branch = useBranchFilter();
  const bikeModel = useBikeModelFilter();
  const { settings } = useCampaignSettings();
  const o = settings.options;
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
    ...branch,
    bikeModel,
    <SelectInput
      key="pre_prize"
      source="pre_prize"
      label="Register Prize"
      choices={toChoices(o.pre_prizes, rupees)}
      emptyText="All"
      alwaysOn
    />,
    <SelectInput key="post_prize" source="post_prize" label="Buy Prize" choices={toChoices(o.prizes, rupees)} emptyText="All" alwaysOn />,
    <SelectInput key="shared" source="shared" label="Key Handover" choices={KEY_HANDOVER_CHOICES} emptyText="All" alwaysOn />,
    ...dateRangeFilters('hour'),
    <SelectInput
      key="payment_mode"
      source="payment_mode"
      label="Payment Mode"
      choices={toChoices(o.payment_modes, paymentModeLabel)}
      emptyText="All"
      alwaysOn
    />,
  ];
}
