/**
 * Whether a request only reads: GET, or HEAD, for which Express runs the GET's handler (the
 * whole read) and drops the body. Every rule that tells reads from writes (the audit trail, the
 * user's search lane, the cached answers, the static files) asks this, so a HEAD is never a
 * write to one and a way round another.
 */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
