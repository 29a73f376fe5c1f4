import { EditPage } from '../../components/FormPages';
import { UserForm } from './UserForm';

export const UserEdit = () => (
  <EditPage>
    <UserForm mode="edit" />
  </EditPage>
);
