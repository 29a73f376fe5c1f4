import { TestRideList } from './TestRideList';
import { TestRideShow } from './TestRideShow';

/**
 * Test rides and bike bookings: /admin/test-ride and /admin/test-ride/{slug} (any staff
 * user, SPEC section 2), addressed by slug. Bookings come from the public dialog: staff
 * read and delete them, never create or edit, so there is no form.
 */
export default {
  list: TestRideList,
  show: TestRideShow,
};
