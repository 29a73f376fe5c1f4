import { Menu } from 'react-admin';
import { useAllowedMenu } from './allowedMenu';

/** The permission-filtered sidebar (docs/decisions.md, "Sidebar"). */
export const AppMenu = () => {
  const entries = useAllowedMenu();
  return (
    <Menu>
      {entries.map((entry) => (
        <Menu.Item key={entry.to || 'dashboard'} to={`/admin/${entry.to}`} primaryText={entry.label} leftIcon={entry.icon} end={entry.end} />
      ))}
    </Menu>
  );
};
