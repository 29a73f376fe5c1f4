import { describe, expect, it } from 'vitest';
import type { ResourceScreens } from './routing';
import { RESOURCE_SCREENS } from './resourceScreens';
import { screenFor } from './screens';

describe('the screen a page opened cold asks for with the shell', () => {
  it("is the list or the new-record form of the resource its address names, the loaders the admin's routes use", () => {
    for (const [name, screens] of Object.entries<ResourceScreens>(RESOURCE_SCREENS)) {
      expect(screenFor(`/admin/${name}`)).toBe(screens.list);
      expect(screenFor(`/admin/${name}/`)).toBe(screens.list);
      expect(screenFor(`/admin/${name}/create`)).toBe(screens.create);
    }
    // A purchase's form is addressed by its pre-registration.
    expect(screenFor('/admin/registration/create/pre123slug')).toBe(RESOURCE_SCREENS.registration.create);
  });

  it("is none for a record's pages, the dashboard, pages of their own and unknown names", () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/preregistration/abc123/verify',
      '/admin/registration/deleted',
      '/admin/branch/pokhara-motors',
      '/admin/branch/pokhara-motors/edit',
      '/admin/sms',
      '/admin/settings',
      '/admin/constructor',
      '/admin/__proto__',
      '/login',
      '/administrator/branch',
    ])
      expect(screenFor(path), path).toBeUndefined();
  });
});
