import { PlatformSchema1763800000000 } from './1763800000000-PlatformSchema';
import { CatalogueSchema1763800001000 } from './1763800001000-CatalogueSchema';

/** Every migration, in order. Listed explicitly so the same list runs from src (tests) and dist. */
export const MIGRATIONS = [PlatformSchema1763800000000, CatalogueSchema1763800001000];
