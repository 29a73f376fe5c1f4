import { CreatePage } from '../../components/FormPages';
import { VideoForm } from './VideoForm';

export const VideoCreate = () => (
  <CreatePage>
    <VideoForm />
  </CreatePage>
);
