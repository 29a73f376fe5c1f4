import { EditPage } from '../../components/FormPages';
import { VideoForm } from './VideoForm';

export const VideoEdit = () => (
  <EditPage>
    <VideoForm />
  </EditPage>
);
