import { EditPage } from '../../components/FormPages';
import { BranchForm } from './BranchForm';

export const BranchEdit = () => (
  <EditPage title="Dealer Registration">
    <BranchForm />
  </EditPage>
);
