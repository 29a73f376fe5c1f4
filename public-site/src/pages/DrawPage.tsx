import DrawDialog from '../components/DrawDialog';

/** `/enquiry/{slug}/draw`: the prize wheel over the landing page. */
export default function DrawPage({ slug }: { slug: string }) {
  return <DrawDialog slug={slug} />;
}
