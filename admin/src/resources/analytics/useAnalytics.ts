import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/** GET /analytics (backend modules/analytics), as the backend builds it. */
export type { Analytics, Counts } from '@campaign/domain';
import type { Analytics } from '@campaign/domain';

/** Loads the analytics of a period (empty from/to: the server's last 30 days up to today). */
export function useAnalytics(from: string, to: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ data: Analytics | null; error: Error | null; isPending: boolean }>({
    data: null,
    error: null,
    isPending: true,
  });
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, isPending: true }));
    const q = new URLSearchParams();
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    const qs = q.toString();
    dataProvider.getObject<Analytics>(`/analytics${qs ? `?${qs}` : ''}`).then(
      (data) => alive && setState({ data, error: null, isPending: false }),
      (error: Error) => alive && setState((s) => ({ data: s.data, error, isPending: false })),
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, from, to]);
  return state;
}
