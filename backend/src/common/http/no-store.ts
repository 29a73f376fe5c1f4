import { Header } from '@nestjs/common';

/**
 * A public answer about one person (a name, a masked phone, a prize): no browser or proxy may
 * keep it (Cache-Control: no-store), as signed-in answers are not (JwtAuthGuard). Set before the
 * handler runs, so a refusal the handler throws carries it too.
 */
export const NoStore = () => Header('Cache-Control', 'no-store');
