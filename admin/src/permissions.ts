/**
 * The permission names of SPEC section 6, and which one each react-admin action on
 * each resource needs. The server checks the same names on every route; this only
 * decides what the UI shows (menu links, buttons, routes).
 */
export const Permission = {
  ReadUser: 'read-user',
  CreateUser: 'create-user',
  UpdateUser: 'update-user',
  ReadBranch: 'read-branch',
  CreateBranch: 'create-branch',
  UpdateBranch: 'update-branch',
  ReadRegistration: 'read-registration',
  CreateRegistration: 'create-registration',
  DeleteRegistration: 'delete-registration',
  UpdateRegistration: 'update-registration',
  CreatePreregistration: 'create-preregistration',
  ReadBikeModel: 'read-bike-model',
  CreateBikeModel: 'create-bike-model',
  UpdateBikeModel: 'update-bike-model',
  ReadVideo: 'read-video',
  CreateVideo: 'create-video',
  UpdateVideo: 'update-video',
  SendSms: 'send-sms',
  ManageAllocation: 'manage-allocation',
  UpdateSettings: 'update-settings',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];

type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';

/** null = any signed-in user; a name = that permission is needed. */
type ResourceRules = Partial<Record<Action, PermissionName | null>>;

const crud = (read: PermissionName, create: PermissionName, update: PermissionName, del: PermissionName = update): ResourceRules => ({
  list: read,
  show: read,
  export: read,
  create,
  edit: update,
  delete: del,
});

/**
 * SPEC section 6 has no delete-* permission for users, branches, bike models and videos:
 * deleting needs the update permission (the server does the same).
 */
export const RESOURCE_PERMISSIONS: Record<string, ResourceRules> = {
  user: crud(Permission.ReadUser, Permission.CreateUser, Permission.UpdateUser),
  branch: crud(Permission.ReadBranch, Permission.CreateBranch, Permission.UpdateBranch),
  'bike-model': crud(Permission.ReadBikeModel, Permission.CreateBikeModel, Permission.UpdateBikeModel),
  video: crud(Permission.ReadVideo, Permission.CreateVideo, Permission.UpdateVideo),
  registration: crud(
    Permission.ReadRegistration,
    Permission.CreateRegistration,
    Permission.UpdateRegistration,
    Permission.DeleteRegistration,
  ),
  preregistration: crud(
    Permission.ReadRegistration,
    Permission.CreatePreregistration,
    Permission.UpdateRegistration,
    Permission.DeleteRegistration,
  ),
  allocation: crud(Permission.ManageAllocation, Permission.ManageAllocation, Permission.ManageAllocation),
  'test-ride': { list: null, show: null, export: null, delete: null },
  sms: { list: Permission.SendSms, create: Permission.SendSms },
  analytics: { list: Permission.SendSms },
  referrer: { list: Permission.ReadRegistration, edit: Permission.UpdateRegistration, create: Permission.UpdateRegistration },
  audit: { list: Permission.ReadUser },
  settings: { list: null, edit: Permission.UpdateSettings },
  profile: { list: null, edit: null },
  dashboard: { list: null },
};

/**
 * SPEC section 5: only users belonging to a branch submit pre-registrations and
 * registrations (the server answers head office 403), whatever their permissions.
 */
const BRANCH_ONLY: Record<string, readonly string[]> = { preregistration: ['create'], registration: ['create'] };

/**
 * Head office's (isAdmin, no branch), on top of the permission; the server checks both: the
 * audit trail, and adding or renaming referrers (shared by every branch: branch users read them).
 */
const HEAD_OFFICE_ONLY: Record<string, readonly string[]> = { audit: ['list'], referrer: ['edit', 'create'] };

/**
 * May a user holding `permissions` do `action` on `resource`? Unknown resources and
 * actions are refused, so a new screen is hidden until its rule is written here.
 */
export function canAccessWith(
  permissions: readonly string[],
  action: string,
  resource: string,
  user?: { isAdmin?: boolean } | null,
): boolean {
  const rules = RESOURCE_PERMISSIONS[resource];
  if (!rules || !(action in rules)) return false;
  if (user?.isAdmin && BRANCH_ONLY[resource]?.includes(action)) return false;
  if (!user?.isAdmin && HEAD_OFFICE_ONLY[resource]?.includes(action)) return false;
  const needed = rules[action as Action];
  return needed === null || needed === undefined ? true : permissions.includes(needed);
}
