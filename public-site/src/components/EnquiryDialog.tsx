import { Modal } from './Modal';
import { navigate } from '../router';

/** Placeholder until its step lands. */
export default function EnquiryDialog() {
  return <Modal title="EnquiryDialog" closeButton onClose={() => navigate('/')}><p>Coming soon.</p></Modal>;
}
