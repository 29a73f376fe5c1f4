import { EditPage } from '../../components/FormPages';
import { BikeModelForm } from './BikeModelForm';

export const BikeModelEdit = () => (
  <EditPage>
    <BikeModelForm />
  </EditPage>
);
