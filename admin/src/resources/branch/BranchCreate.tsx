import { CreatePage } from '../../components/FormPages';
import { BranchForm } from './BranchForm';

export const BranchCreate = () => (
  <CreatePage title="Dealer Registration">
    <BranchForm />
  </CreatePage>
);
