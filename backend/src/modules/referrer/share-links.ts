/** A person's share link carries `utm_source=ref-<their share code>` (16 hex characters). */
const SHARE_SOURCE_RE = /^ref-([0-9a-f]{16})$/;

/** The traffic source of a share code's link. */
export function shareSource(code: string): string {
  return `ref-${code}`;
}

/** The share code a (normalised) source names, or null when it is not a person's share link. */
export function shareCodeOf(source: string): string | null {
  return SHARE_SOURCE_RE.exec(source)?.[1] ?? null;
}
