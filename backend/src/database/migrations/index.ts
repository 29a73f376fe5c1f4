import { PlatformSchema1763800000000 } from './1763800000000-PlatformSchema';

/** Every migration, in order. Listed explicitly so the same list runs from src (tests) and dist. */
export const MIGRATIONS = [PlatformSchema1763800000000];
