import { CreatePage } from '../../components/FormPages';
import { UserForm } from './UserForm';

export const UserCreate = () => (
  <CreatePage>
    <UserForm mode="create" />
  </CreatePage>
);
