import { ResourceContextProvider, useCanAccess } from 'react-admin';
import { Dashboard } from '../../pages/Dashboard';
import { RegistrationList } from './RegistrationList';

/**
 * /admin: the registered list with its stats for those who may read registrations (the
 * dashboard is the registered list); the section cards otherwise.
 */
export const RegistrationDashboard = () => {
  const { canAccess, isPending } = useCanAccess({ resource: 'registration', action: 'list' });
  if (isPending) return null;
  if (!canAccess) return <Dashboard />;
  return (
    <ResourceContextProvider value="registration">
      <RegistrationList title="Dashboard" />
    </ResourceContextProvider>
  );
};
