/** The permission names a role holds, declared once in `@campaign/domain` (domain/src/permissions.ts). */
export { ALL_PERMISSIONS, Permission } from '@campaign/domain';
