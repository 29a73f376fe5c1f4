import { ComponentType, lazy, ReactElement, Suspense } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { Identifier, Loading, Resource, ResourceProps } from 'react-admin';

import { ADMIN_BASE } from './paths';

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

/** A resource's screens, each its own chunk of the build, loaded when first opened. */
export interface ResourceScreens {
  list: () => Promise<ComponentType>;
  show: () => Promise<ComponentType>;
  /** None for read-only resources (test rides): no edit route, no Edit button. */
  edit?: () => Promise<ComponentType>;
  create?: () => Promise<ComponentType>;
}

/**
 * A screen whose code loads when it is first opened (its own chunk of the build): the admin
 * shell and the login page load first, each screen's code (and the libraries only it uses:
 * the charts, the rich-text editor, the wheel) on the way to it. A spinner shows meanwhile.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType | undefined): () => ReactElement {
  const Page = lazy(async () => ({ default: pick(await load()) ?? (() => null) }));
  const Lazy = () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
  return Lazy;
}

/** What <Admin> must know of a resource before its code loads. */
export interface LazyResource {
  /** Its screens (the resource folder's index.ts): which exist decides its routes and Edit buttons. */
  screens: ResourceScreens;
  recordRepresentation?: ResourceProps['recordRepresentation'];
}

/** A screen from a loader that answers its component (the resources' and the pages' tables). */
export const lazyScreen = (load: () => Promise<ComponentType>) => lazyPage(load, (screen) => screen);

/**
 * A <Resource> with the spec's record URLs. Called as a function (not rendered as a
 * component) so <Admin> still sees a Resource element among its children.
 */
export function appResource(name: string, def: LazyResource, label: string) {
  const { list, show, edit, create } = def.screens;
  const Show = lazyScreen(show);
  const Edit = edit ? lazyScreen(edit) : undefined;
  return (
    <Resource
      key={name}
      name={name}
      list={lazyScreen(list)}
      create={create ? lazyScreen(create) : undefined}
      hasShow
      hasEdit={!!Edit}
      recordRepresentation={def.recordRepresentation}
      options={{ label }}
    >
      <Route path=":id" element={<Show />} />
      {Edit && <Route path=":id/edit/*" element={<Edit />} />}
      <Route path=":id/show/*" element={<ShowAlias resource={name} />} />
    </Resource>
  );
}
