import { lazy, type ReactElement, Suspense } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { CanAccess, Loading, Resource, ResourceContextProvider } from 'react-admin';
import { AccessDenied } from '../layout/AccessDenied';
import { recordPath } from '../routing';
import { loadDashboard, PAGES, type PageAt, type Records, resourceOf, SCREENS, type Loader } from './registry';

/**
 * A screen whose code loads when it is first opened (its own chunk of the build): the admin
 * shell and the login page load first, each screen's code (and the libraries only it uses:
 * the charts, the rich-text editor, the wheel) on the way to it. A spinner shows meanwhile.
 */
function lazyScreen(load: Loader): () => ReactElement {
  const Screen = lazy(async () => ({ default: await load() }));
  const Lazy = () => (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
  return Lazy;
}

/** react-admin's own /{id}/show links (e.g. the Edit page's Show button) land on the detail page. */
const ShowAlias = ({ resource }: { resource: string }) => {
  const { id } = useParams();
  return <Navigate to={recordPath(resource, id ?? '')} replace />;
};

/**
 * A <Resource> with the admin's record addresses (routing.ts: a record at /{id}, its form at
 * /{id}/edit). Called as a function (not rendered as a component) so react-admin still sees a
 * Resource element among its children.
 */
function resourceElement(name: string, { list, show, edit, create, names, recordRepresentation }: Records) {
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
      recordRepresentation={recordRepresentation}
      options={{ label: names[1] }}
    >
      <Route path=":id" element={<Show />} />
      {Edit && <Route path=":id/edit/*" element={<Edit />} />}
      <Route path=":id/show/*" element={<ShowAlias resource={name} />} />
    </Resource>
  );
}

/**
 * A page's route. One that needs a permission shows in its resource's context, only when its
 * action is allowed (otherwise back to /admin); one any signed-in user may open (settings,
 * profile, print) shows as it is.
 */
function pageRoute({ path, action, load, screen }: PageAt) {
  const Page = lazyScreen(load);
  const resource = resourceOf(screen);
  const open = !screen.access || screen.access[action] === null;
  const element = open ? (
    <Page />
  ) : (
    <ResourceContextProvider value={resource}>
      <CanAccess resource={resource} action={action} accessDenied={<AccessDenied />}>
        <Page />
      </CanAccess>
    </ResourceContextProvider>
  );
  return <Route key={path} path={path} element={element} />;
}

/** The resources' screens, as react-admin's <Resource> elements. */
export const RESOURCES = SCREENS.flatMap((s) => (s.records ? [resourceElement(s.path, s.records)] : []));

/** The pages inside the admin's frame. */
export const PAGE_ROUTES = PAGES.filter((p) => !p.screen.noLayout).map(pageRoute);

/** The pages shown without it (print). */
export const NO_LAYOUT_ROUTES = PAGES.filter((p) => p.screen.noLayout).map(pageRoute);

/** react-admin's dashboard, at /admin. */
export const Dashboard = lazyScreen(loadDashboard);
