/**
 * The permission names a role holds: the server checks them on every route (backend
 * `common/auth/decorators.ts`), the admin on what it shows (`admin/src/permissions.ts`).
 * Adding one here adds it to both, and to the Super Admin's seeded role (ALL_PERMISSIONS).
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

/** One permission name ('read-user' ...). */
export type Permission = (typeof Permission)[keyof typeof Permission];

/** Every permission name, in the order above. */
export const ALL_PERMISSIONS: Permission[] = Object.values(Permission);
