import { ALL_PERMISSIONS, Permission as P } from '../../common/auth/permission.enum';

/** The seeded roles (docs/decisions.md, "Roles"). Kept in step on every boot. */
export const ROLES: Array<{ title: string; head_office: boolean; permissions: P[] }> = [
  { title: 'Super Admin', head_office: true, permissions: ALL_PERMISSIONS },
  {
    title: 'Head Office',
    head_office: true,
    permissions: ALL_PERMISSIONS.filter((p) => !([P.CreateUser, P.UpdateUser, P.ManageAllocation, P.UpdateSettings] as P[]).includes(p)),
  },
  {
    title: 'Branch Manager',
    head_office: false,
    permissions: [
      P.ReadBranch,
      P.ReadBikeModel,
      P.ReadVideo,
      P.ReadRegistration,
      P.CreateRegistration,
      P.UpdateRegistration,
      P.DeleteRegistration,
      P.CreatePreregistration,
    ],
  },
  {
    title: 'Branch Staff',
    head_office: false,
    permissions: [P.ReadBikeModel, P.ReadRegistration, P.CreateRegistration, P.CreatePreregistration],
  },
];
