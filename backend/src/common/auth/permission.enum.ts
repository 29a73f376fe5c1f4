/** The permission names of SPEC section 6; a role holds a list of these. */
export enum Permission {
  ReadUser = 'read-user',
  CreateUser = 'create-user',
  UpdateUser = 'update-user',
  ReadBranch = 'read-branch',
  CreateBranch = 'create-branch',
  UpdateBranch = 'update-branch',
  ReadRegistration = 'read-registration',
  CreateRegistration = 'create-registration',
  DeleteRegistration = 'delete-registration',
  UpdateRegistration = 'update-registration',
  CreatePreregistration = 'create-preregistration',
  ReadBikeModel = 'read-bike-model',
  CreateBikeModel = 'create-bike-model',
  UpdateBikeModel = 'update-bike-model',
  ReadVideo = 'read-video',
  CreateVideo = 'create-video',
  UpdateVideo = 'update-video',
  SendSms = 'send-sms',
  ManageAllocation = 'manage-allocation',
  UpdateSettings = 'update-settings',
}

export const ALL_PERMISSIONS = Object.values(Permission);
