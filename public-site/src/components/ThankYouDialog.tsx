import { Modal } from './Modal';
import { navigate } from '../router';

/** Placeholder until its step lands. */
export default function ThankYouDialog() {
  return <Modal title="ThankYouDialog" closeButton onClose={() => navigate('/')}><p>Coming soon.</p></Modal>;
}
