import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';

/**
 * Loads a plain list (`{ data: [...] }`) for select choices: /branches, /role, /geography.
 * A failure leaves the list empty and reports `error`, so the form stays usable.
 */
export function useApiList<T>(path: string, query?: Record<string, string>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ data: T[]; isPending: boolean; error: Error | null }>({ data: [], isPending: true, error: null });
  const key = `${path}?${new URLSearchParams(query).toString()}`;
  useEffect(() => {
    let alive = true;
    dataProvider.getAll<T>(path, query).then(
      (data) => alive && setState({ data, isPending: false, error: null }),
      (error: Error) => alive && setState({ data: [], isPending: false, error }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, key]);
  return state;
}
