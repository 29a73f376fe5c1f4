/**
 * The `message` of the last successful write (the success toast shows the server's
 * message). The data provider records it; the success handlers of forms
 * and delete buttons take it for their toast.
 */
let last: string | undefined;

export function recordServerMessage(body: unknown): void {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  last = typeof message === 'string' && message ? message : undefined;
}

export function takeServerMessage(fallback: string): string {
  const message = last ?? fallback;
  last = undefined;
  return message;
}
