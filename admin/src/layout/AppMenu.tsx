import { Menu } from 'react-admin';
import { useAllowedMenu } from './menuItems';

/** The permission-filtered sidebar (SPEC section 2 "Layout"). */
export const AppMenu = () => {
  const entries = useAllowedMenu();
  return (
    <Menu>
      {entries.map((entry) => (
        <Menu.Item key={entry.to || 'dashboard'} to={`/admin/${entry.to}`} primaryText={entry.label} leftIcon={entry.icon} end={entry.end ?? entry.to === ''} />
      ))}
    </Menu>
  );
};
