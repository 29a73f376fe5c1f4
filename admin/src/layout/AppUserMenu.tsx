import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Link } from 'react-router-dom';
import { Logout, useGetIdentity, UserMenu, useUserMenu } from 'react-admin';
import type { Identity } from '../providers/authProvider';

const ProfileItem = () => {
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem component={Link} to="/admin/profile" onClick={onClose}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Profile</ListItemText>
    </MenuItem>
  );
};

/** Who is signed in: name and branch (head-office users have none). */
export const IdentityLabel = () => {
  const { identity } = useGetIdentity();
  const me = identity as Identity | undefined;
  if (!me) return null;
  return (
    <Box sx={{ px: 2, py: 1, minWidth: 200 }} data-testid="user-identity">
      <Typography variant="subtitle2">{me.fullName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {me.branch?.title ?? 'Head Office'}
      </Typography>
    </Box>
  );
};

/**
 * The user menu: name and branch, Profile, Sign out. Its button shows
 * the user's name, so its accessible name starts with that name (a voice user says what they
 * see; axe-core's label-content-name-mismatch).
 */
export const AppUserMenu = () => {
  const { identity } = useGetIdentity();
  const name = (identity as Identity | undefined)?.fullName;
  return (
    <UserMenu label={name ? `${name}: profile and sign out` : 'Profile'}>
      <IdentityLabel />
      <ProfileItem />
      <Logout />
    </UserMenu>
  );
};
