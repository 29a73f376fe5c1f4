import type { ResourceScreens } from '../../routing';

/**
 * Test rides and bike bookings: /admin/test-ride and /admin/test-ride/{slug} (any staff
 * user, SPEC section 2), addressed by slug. Bookings come from the public dialog: staff
 * read and delete them, never create or edit, so there is no form. Each screen loads when first opened.
 */
export default {
  list: () => import('./TestRideList').then((m) => m.TestRideList),
  show: () => import('./TestRideShow').then((m) => m.TestRideShow),
} satisfies ResourceScreens;
