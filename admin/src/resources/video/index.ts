import { VideoCreate } from './VideoCreate';
import { VideoEdit } from './VideoEdit';
import { VideoList } from './VideoList';
import { VideoShow } from './VideoShow';

/** Winner videos: /admin/video, addressed by numeric id. */
export default {
  list: VideoList,
  show: VideoShow,
  edit: VideoEdit,
  create: VideoCreate,
};
