import { Modal } from './Modal';
import { navigate } from '../router';

/** Placeholder until its step lands. */
export default function DrawDialog({ slug }: { slug: string }) {
  return <Modal title="DrawDialog" closeButton onClose={() => navigate('/')}><p>{slug}</p></Modal>;
}
