import { useEffect, useState } from 'react';
import { RaRecord, useDataProvider } from 'react-admin';

/**
 * One record read from the server now, never from react-admin's cache: the draw pages
 * decide where to go from the record's state (verified, prize drawn), which a cached copy
 * taken before the verification would get wrong.
 */
export function useFreshRecord<T extends RaRecord = RaRecord>(resource: string, id: string | undefined) {
  const dataProvider = useDataProvider();
  const [state, setState] = useState<{ record: T | null; error: Error | null; isPending: boolean }>({
    record: null,
    error: null,
    isPending: true,
  });
  useEffect(() => {
    if (!id) {
      setState({ record: null, error: new Error('No record was asked for.'), isPending: false });
      return;
    }
    const controller = new AbortController();
    dataProvider.getOne<T>(resource, { id, signal: controller.signal }).then(
      ({ data }) => setState({ record: data, error: null, isPending: false }),
      (error: Error) => !controller.signal.aborted && setState({ record: null, error, isPending: false }),
    );
    return () => controller.abort();
  }, [dataProvider, resource, id]);
  return state;
}
