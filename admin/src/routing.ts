import type { Identifier } from 'react-admin';
import { ADMIN_BASE } from './paths';

/**
 * A record shows at /admin/{resource}/{id} and is
 * edited at /admin/{resource}/{id}/edit. (react-admin's own URLs are the other way
 * round: edit at /{id}, show at /{id}/show; the resources' routes send /{id}/show here,
 * screens/routes.tsx.)
 */
export function recordPath(resource: string, id: Identifier, view: 'show' | 'edit' = 'show'): string {
  const base = `${ADMIN_BASE}/${resource}/${encodeURIComponent(String(id))}`;
  return view === 'edit' ? `${base}/edit` : base;
}

/** DataTable rowClick: open the record's detail page. */
export const showRowClick = (id: Identifier, resource: string) => recordPath(resource, id);
