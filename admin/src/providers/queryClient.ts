import { QueryClient } from '@tanstack/react-query';
import { sessionAnswer } from './authProvider';

/**
 * The admin's react-query client, one per signed-in session (AdminApp makes it when the admin
 * mounts; signing out unmounts the admin).
 *
 * react-admin asks its auth provider through react-query, one question per component, and an
 * answer arrives a render after the question. On the dashboard opened cold that made a chain:
 * the session, then the menu's rights and the identity, then the dashboard's right to the list,
 * then the list's own check, each a render of the page on a phone's CPU, before the list asked
 * for its rows (docs/decisions.md). The session already knows these answers (`sessionAnswer`):
 * this client writes each into its cache as the question is first asked, so the page renders
 * once with them. They stay fresh for the client's life: nothing in them changes until the
 * user signs out or the server refuses the token (a 401 signs out).
 */
export function adminQueryClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryDefaults(['auth'], { staleTime: Infinity });
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added') return;
    const answer = sessionAnswer(event.query.queryKey);
    if (answer) client.setQueryData(event.query.queryKey, answer.value);
  });
  return client;
}
