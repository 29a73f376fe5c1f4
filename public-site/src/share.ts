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
   * its button shares through shareOrCopy instead, since opening its home page shared nothing.
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

/** As much of the browser's `navigator` as sharing needs (a test passes its own). */
export interface ShareMeans {
  share?: (data: { title: string; text: string; url: string }) => Promise<void>;
  clipboard?: { writeText(text: string): Promise<void> };
}

/** shared: the share sheet took it; cancelled: the visitor closed the sheet; copied: on the clipboard; failed: neither way works here. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * Shares to a network that takes no link from a web page (TikTok): the phone's share sheet where
 * the browser has one (the visitor picks TikTok in it), else the words and the link copied for
 * the visitor to paste in the app. A sheet the visitor closes copies nothing behind their back;
 * a sheet that refuses (no tap left to allow it, say) falls back to the clipboard. Over plain
 * HTTP neither exists: 'failed', and the page asks the visitor to copy the link themselves.
 */
export async function shareOrCopy(means: ShareMeans, data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof means.share === 'function') {
    try {
      await means.share(data);
      return 'shared';
    } catch (err) {
      if ((err as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  if (typeof means.clipboard?.writeText !== 'function') return 'failed';
  try {
    await means.clipboard.writeText(shareMessage(data.text, data.url));
    return 'copied';
  } catch {
    return 'failed';
  }
}
