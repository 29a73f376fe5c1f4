/** How the rich texts of the landing page's panels (scheme, terms, policy) are shown. Pure. */

const letters = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Whether a heading says the same as the panel's title (a plural "s" aside). */
export function repeatsTitle(heading: string, title: string): boolean {
  const a = letters(heading);
  const b = letters(title);
  return !!a && (a === b || a === `${b}s` || b === `${a}s`);
}

/**
 * The panel's body: without a leading heading that repeats the panel's own title (the
 * summary already says it), and with "Rs." bound to its amount by a no-break space.
 */
export function panelHtml(html: string, title: string): string {
  let out = html;
  const lead = /^\s*<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/i.exec(out);
  if (lead && repeatsTitle(lead[1], title)) out = out.slice(lead[0].length);
  return nbspAmounts(out);
}

/** "Rs. 3,000" (or "रु. ३,०००") never breaks after the prefix: the space becomes a no-break space. */
export function nbspAmounts(text: string): string {
  return text.replace(/(\bRs\.|रु\.)(?:\s|&nbsp;)+(?=[\d०-९])/g, '$1\u00a0');
}
