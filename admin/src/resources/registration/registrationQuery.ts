/** The registered list's filters in URLs: the print page's query and the download's. */

/** The filters a print URL carries (the registered list's, as ?key=value), empty ones left out. */
export function filtersFromQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(search).forEach((value, key) => {
    if (value !== '') out[key] = value;
  });
  return out;
}

/** The list's filters as a query string (for the print URL). */
export function filtersToQuery(filters: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    q.set(key, String(value));
  }
  return q.toString();
}

/** The download's query: the same filters, the search box as the paging protocol's search[value]. */
export function downloadQuery(filters: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    out[key === 'q' ? 'search[value]' : key] = String(value);
  }
  return out;
}
