import { ARRIVING_HTML } from './arriving';

/**
 * The admin's frame while the shell arrives and while react-admin checks the session (its
 * `loading` page): the same markup the page's inline script paints before any script has
 * arrived (arriving.ts), so nothing changes on screen between the two.
 */
export const AdminArriving = () => <div dangerouslySetInnerHTML={{ __html: ARRIVING_HTML }} />;
