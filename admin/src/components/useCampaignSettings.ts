import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PublicSettings } from '@campaign/domain';
import type { AppDataProvider } from '../providers/dataProvider';

/** The option lists the staff screens use, of those GET /settings serves under `options`. */
export type CampaignOptions = Pick<PublicSettings['options'], 'pre_prizes' | 'prizes' | 'sources' | 'payment_modes' | 'roadies' | 'allocation_types'>;

/** What the staff screens read of GET /settings. */
export type CampaignSettings = { options: CampaignOptions } & Pick<PublicSettings, 'support_phones' | 'campaign_name'>;

const EMPTY: CampaignSettings = {
  options: { pre_prizes: [], prizes: [], sources: [], payment_modes: [], roadies: [], allocation_types: [] },
  support_phones: [],
  campaign_name: '',
};

let cached: Promise<CampaignSettings> | null = null;

/**
 * The campaign's option lists, support phones and name, read once per page load (they change
 * only when head office edits the settings). A failure leaves the lists empty and is not
 * kept, so the next screen asks again.
 */
export function useCampaignSettings(): { settings: CampaignSettings; isPending: boolean; error: Error | null } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ settings: CampaignSettings; isPending: boolean; error: Error | null }>({
    settings: EMPTY,
    isPending: true,
    error: null,
  });
  useEffect(() => {
    let alive = true;
    cached ??= dataProvider.getObject<Partial<PublicSettings>>('/settings').then((s) => ({
      options: { ...EMPTY.options, ...(s.options ?? {}) },
      support_phones: s.support_phones ?? [],
      campaign_name: s.campaign_name ?? '',
    }));
    cached.then(
      (settings) => alive && setState({ settings, isPending: false, error: null }),
      (error: Error) => {
        cached = null;
        if (alive) setState({ settings: EMPTY, isPending: false, error });
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider]);
  return state;
}

/** Select choices from a list of plain values ('SOCIAL MEDIA' → { id, name }). */
export const toChoices = <T extends string | number>(values: readonly T[], label: (v: T) => string = String) =>
  values.map((v) => ({ id: v, name: label(v) }));
