import { Modal } from './Modal';

/** Placeholder until its step lands. */
export default function BookingDialog({ onClose }: { onClose: () => void }) {
  return <Modal title="Book a Rides" closeButton onClose={onClose}><p>Coming soon.</p></Modal>;
}
