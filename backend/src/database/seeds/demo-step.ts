import type { EntityManager } from 'typeorm';

/** A step of the demo seed (listed in seed.service.ts's DEMO_STEPS). Runs inside the seed's one transaction. */
export type DemoStep = (em: EntityManager, ctx: DemoContext) => Promise<void>;

/** What every step gets: the branches made, and the upload folder (absent in the test templates: no image files). */
export interface DemoContext {
  branchIds: number[];
  uploadDir?: string;
}
