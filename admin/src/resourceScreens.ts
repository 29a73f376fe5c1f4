import type { ResourceScreens } from './routing';
import bikeModel from './resources/bike-model';
import branch from './resources/branch';
import preregistration from './resources/preregistration';
import registration from './resources/registration';
import testRide from './resources/test-ride';
import user from './resources/user';
import video from './resources/video';

/**
 * The admin's resources by name, with their screens' loaders: the admin's routes (AdminApp) and
 * a page opened cold (screens.ts, which asks for its screen's code with the shell's) read this
 * one table. Only loaders: no screen's code is in this module.
 */
export const RESOURCE_SCREENS = {
  branch,
  user,
  'bike-model': bikeModel,
  video,
  preregistration,
  registration,
  'test-ride': testRide,
} satisfies Record<string, ResourceScreens>;
