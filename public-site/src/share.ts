/**
 * A visitor's personal share link and where it can go (#19). The link carries
 * `utm_source=ref-<share code>`: a friend who pre-registers or books a test ride through it
 * counts for the sharer in the referrer report. Nothing counts a visit.
 */
export function shareLink(origin: string, code: string): string {
  return `${origin}/?utm_source=ref-${encodeURIComponent(code)}`;
}

/** The words that go with the link: Nepali first, then English. */
export function shareText(campaign: string): string {
  return `${campaign}: दर्ता गर्नुहोस् र नगद छुट जित्नुहोस्! Pre-register, verify your phone and spin the wheel for a cash discount.`;
}

/** What a visitor pastes where a network takes no link: the words, then the link. */
export const shareMessage = (text: string, url: string) => `${text} ${url}`;

export interface ShareTarget {
  name: string;
  /**
   * Where the button opens; null for a network with no web address that takes a link (TikTok):
   * its button copies the words and the link instead (copyForApp), since opening its home page shared nothing.
   */
  href: string | null;
}

/** Plain links for a browser without the share sheet (navigator.share needs HTTPS). */
export function shareTargets(url: string, text: string): ShareTarget[] {
  const both = encodeURIComponent(shareMessage(text, url));
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${both}` },
    { name: 'Viber', href: `viber://forward?text=${both}` },
    { name: 'TikTok', href: null },
  ];
}

/** As much of the browser's `navigator` as copying needs (a test passes its own). */
export interface ClipboardMeans {
  clipboard?: { writeText(text: string): Promise<void> };
}

/** copied: on the clipboard; failed: no clipboard here (plain HTTP) or it refused. */
export type CopyOutcome = 'copied' | 'failed';

/**
 * For a network that takes no link from a web page (TikTok): the words and the link copied for
 * the visitor to paste in the app. Its button is shown only where the browser has no share
 * sheet (with one, the page's single Share button opens the sheet, where TikTok is offered).
 * Over plain HTTP there is no clipboard either: 'failed', and the page asks the visitor to copy
 * the link themselves.
 */
export async function copyForApp(means: ClipboardMeans, data: { text: string; url: string }): Promise<CopyOutcome> {
  if (typeof means.clipboard?.writeText !== 'function') return 'failed';
  try {
    await means.clipboard.writeText(shareMessage(data.text, data.url));
    return 'copied';
  } catch {
    return 'failed';
  }
}
