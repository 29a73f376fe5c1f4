import { SEX_LABELS, SEXES } from '@campaign/domain';
import { useEffect } from 'react';
import { Grid } from '@mui/material';
import {
  email,
  maxLength,
  minLength,
  PasswordInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetIdentity,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormToolbar } from '../../components/FormToolbar';
import { useApiList } from '../../components/useApiList';
import type { Identity } from '../../providers/authProvider';

export const SEX_CHOICES = SEXES.map((id) => ({ id, name: SEX_LABELS[id] }));

interface Role {
  id: number;
  title: string;
  head_office: boolean;
}

interface BranchOption {
  id: number;
  title: string;
}

const passwordsMatch = (value: unknown, values: Record<string, unknown>) =>
  (value ?? '') === (values.password ?? '') ? undefined : 'The password confirmation does not match.';

/**
 * Branch and role selects. A head-office role has no branch (the server refuses one);
 * branch users only see their own branch and branch roles.
 */
const BranchAndRole = () => {
  const { identity } = useGetIdentity();
  const me = identity as Identity | undefined;
  const branches = useApiList<BranchOption>('/branches');
  const roles = useApiList<Role>('/role');
  const { setValue } = useFormContext();
  const roleId = useWatch({ name: 'role_id' });
  const role = roles.data.find((r) => r.id === Number(roleId));
  const headOffice = !!role?.head_office;
  const ownBranchOnly = !!me && !me.isAdmin && me.branch;

  useEffect(() => {
    if (headOffice) setValue('branch_id', null, { shouldDirty: true });
  }, [headOffice, setValue]);

  const branchChoices = ownBranchOnly ? [me.branch!] : branches.data;
  const roleChoices = ownBranchOnly ? roles.data.filter((r) => !r.head_office) : roles.data;
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          source="branch_id"
          label="Branch"
          choices={branchChoices}
          optionText="title"
          optionValue="id"
          emptyText="None (Head Office)"
          disabled={headOffice}
          isPending={!ownBranchOnly && branches.isPending}
          helperText={branches.error && !ownBranchOnly ? 'Branches could not be loaded.' : headOffice ? 'Head-office users have no branch.' : false}
          defaultValue={ownBranchOnly ? me.branch!.id : undefined}
          parse={(v) => (v === '' || v == null ? null : Number(v))}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          source="role_id"
          label="Role"
          choices={roleChoices}
          optionText="title"
          optionValue="id"
          isPending={roles.isPending}
          helperText={roles.error ? 'Roles could not be loaded.' : false}
          validate={required()}
          parse={(v) => (v === '' || v == null ? null : Number(v))}
          fullWidth
        />
      </Grid>
    </Grid>
  );
};

/** The dealer-user form shared by create and edit. */
export const UserForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <SimpleForm noValidate toolbar={<FormToolbar />} defaultValues={mode === 'create' ? { sex: 'MALE' } : undefined} sx={{ maxWidth: 900 }}>
    <BranchAndRole />
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="first_name" label="First Name" validate={[required(), maxLength(100)]} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="last_name" label="Last Name" validate={[required(), maxLength(100)]} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="email" label="Email" type="email" validate={[required(), email()]} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="phone" label="Phone" type="tel" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput source="sex" label="Sex" choices={SEX_CHOICES} validate={required()} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="address" label="Address" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <PasswordInput
          source="password"
          label="Password"
          autoComplete="new-password"
          validate={mode === 'create' ? [required(), minLength(8)] : minLength(8)}
          helperText={mode === 'edit' ? 'Leave blank to keep the current password.' : false}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <PasswordInput
          source="password_confirmation"
          label="Confirm Password"
          autoComplete="new-password"
          validate={mode === 'create' ? [required(), passwordsMatch] : passwordsMatch}
          fullWidth
        />
      </Grid>
    </Grid>
  </SimpleForm>
);
