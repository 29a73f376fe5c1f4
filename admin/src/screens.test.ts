import { describe, expect, it } from 'vitest';
import { screenFor } from './screens/coldStart';
import { PAGE_SCREENS, RESOURCE_SCREENS, type ResourceScreens } from './screens/registry';

describe('the screen a page opened cold asks for with the shell', () => {
  it("is the screen of the resource its address names, the loaders the admin's routes use", () => {
    for (const [name, screens] of Object.entries<ResourceScreens>(RESOURCE_SCREENS)) {
      expect(screenFor(`/admin/${name}`)).toBe(screens.list);
      expect(screenFor(`/admin/${name}/`)).toBe(screens.list);
      expect(screenFor(`/admin/${name}/create`)).toBe(screens.create);
      expect(screenFor(`/admin/${name}/rec0rd-1`)).toBe(screens.show);
      expect(screenFor(`/admin/${name}/rec0rd-1/`)).toBe(screens.show);
      // react-admin's own address of a record, which the routes send on to the one above.
      expect(screenFor(`/admin/${name}/rec0rd-1/show`)).toBe(screens.show);
      expect(screenFor(`/admin/${name}/rec0rd-1/edit`)).toBe(screens.edit);
      // A form's tabs and a detail's are addresses below it.
      expect(screenFor(`/admin/${name}/rec0rd-1/edit/1`)).toBe(screens.edit);
      expect(screenFor(`/admin/${name}/rec0rd-1/show/1`)).toBe(screens.show);
    }
    // A purchase's form is addressed by its pre-registration.
    expect(screenFor('/admin/registration/create/pre123slug')).toBe(RESOURCE_SCREENS.registration.create);
    // Test rides are read-only: no form.
    expect(screenFor('/admin/test-ride/rec0rd-1/edit')).toBeUndefined();
  });

  it("is the page of the pages' table its address matches, before a resource's record", () => {
    expect(screenFor('/admin/sms')).toBe(PAGE_SCREENS['/sms']);
    expect(screenFor('/admin/scheme/create')).toBe(PAGE_SCREENS['/scheme/create']);
    expect(screenFor('/admin/settings/')).toBe(PAGE_SCREENS['/settings']);
    expect(screenFor('/admin/print')).toBe(PAGE_SCREENS['/print']);
    expect(screenFor('/admin/preregistration/abc123/verify')).toBe(PAGE_SCREENS['/preregistration/:id/verify']);
    expect(screenFor('/admin/registration/abc123/draw')).toBe(PAGE_SCREENS['/registration/:id/draw']);
    // The trash has the shape of a record's address; the router takes it as the trash.
    expect(screenFor('/admin/registration/deleted')).toBe(PAGE_SCREENS['/registration/deleted']);
  });

  it('is none for the dashboard, unknown names and addresses no route has', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/constructor',
      '/admin/__proto__',
      '/admin/branch/pokhara-motors/delete',
      '/admin/sms/extra',
      '/admin/preregistration//verify',
      '/login',
      '/administrator/branch',
    ])
      expect(screenFor(path), path).toBeUndefined();
  });
});
