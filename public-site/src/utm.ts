/** utm_source is read from the query string on the first page load and kept for the visit. */
const KEY = 'utm_source';
let memory = '';

export function captureUtmSource(search: string = window.location.search) {
  const value = new URLSearchParams(search).get(KEY)?.trim().slice(0, 191);
  if (!value) return;
  memory = value;
  try {
    sessionStorage.setItem(KEY, value);
  } catch {
    /* storage blocked: keep it in memory */
  }
}

export function utmSource(): string {
  try {
    return sessionStorage.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
}
