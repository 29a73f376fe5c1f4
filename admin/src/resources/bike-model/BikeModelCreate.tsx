import { CreatePage } from '../../components/FormPages';
import { BikeModelForm } from './BikeModelForm';

export const BikeModelCreate = () => (
  <CreatePage>
    <BikeModelForm />
  </CreatePage>
);
