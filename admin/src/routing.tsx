import type { ComponentType } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { Identifier, Resource, ResourceProps } from 'react-admin';

export const ADMIN_BASE = '/admin';

/**
 * SPEC section 2 and DESIGN section 7: a record shows at /admin/{resource}/{id} and is
 * edited at /admin/{resource}/{id}/edit. (react-admin's own URLs are the other way
 * round: edit at /{id}, show at /{id}/show.)
 */
export function recordPath(resource: string, id: Identifier, view: 'show' | 'edit' = 'show'): string {
  const base = `${ADMIN_BASE}/${resource}/${encodeURIComponent(String(id))}`;
  return view === 'edit' ? `${base}/edit` : base;
}

/** DataTable rowClick: open the record's detail page. */
export const showRowClick = (id: Identifier, resource: string) => recordPath(resource, id);

/** react-admin's own /{id}/show links (e.g. the Edit page's Show button) land on the detail page. */
const ShowAlias = ({ resource }: { resource: string }) => {
  const { id } = useParams();
  return <Navigate to={recordPath(resource, id ?? '')} replace />;
};

export interface ResourceDefinition {
  list: ComponentType;
  show: ComponentType;
  /** None for read-only resources (test rides): no edit route, no Edit button. */
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
}

/**
 * A <Resource> with the spec's record URLs. Called as a function (not rendered as a
 * component) so <Admin> still sees a Resource element among its children.
 */
export function appResource(name: string, def: ResourceDefinition, label: string) {
  const { show: Show, edit: Edit } = def;
  return (
    <Resource
      key={name}
      name={name}
      list={def.list}
      create={def.create}
      hasShow
      hasEdit={!!Edit}
      icon={def.icon}
      recordRepresentation={def.recordRepresentation}
      options={{ label }}
    >
      <Route path=":id" element={<Show />} />
      {Edit && <Route path=":id/edit/*" element={<Edit />} />}
      <Route path=":id/show/*" element={<ShowAlias resource={name} />} />
    </Resource>
  );
}
