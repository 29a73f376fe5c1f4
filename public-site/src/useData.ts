import { useEffect, useState } from 'react';
import type { ApiError } from './api';

/** Values already loaded in this visit, so a page that mounts again paints them at once (no flash, no shift). */
const settled = new Map<unknown, unknown>();

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
}

/** Runs a cached loader from api.ts; `load` must be a stable function (module level). */
export function useData<T>(load: (() => Promise<T>) | null): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(() => ({
    data: load ? (settled.get(load) as T | undefined) : undefined,
    error: undefined,
    loading: !!load && !settled.has(load),
  }));
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (data) => {
        settled.set(load, data);
        if (live) setState({ data, error: undefined, loading: false });
      },
      (error: ApiError) => {
        if (live) setState({ data: undefined, error, loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}
