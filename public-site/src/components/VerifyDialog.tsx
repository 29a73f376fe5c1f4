import { Modal } from './Modal';
import { navigate } from '../router';

/** Placeholder until its step lands. */
export default function VerifyDialog({ slug }: { slug: string }) {
  return <Modal title="VerifyDialog" closeButton onClose={() => navigate('/')}><p>{slug}</p></Modal>;
}
