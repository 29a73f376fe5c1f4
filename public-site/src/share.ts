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

export interface ShareTarget {
  name: string;
  /** Where the button opens. */
  href: string;
  /** The network has no way to take a link: the button copies it first, for the visitor to paste. */
  copyFirst: boolean;
}

/**
 * Plain links for a browser without the share sheet (navigator.share needs HTTPS). TikTok has
 * no address that takes a link, so its button copies the link and opens TikTok to paste it.
 */
export function shareTargets(url: string, text: string): ShareTarget[] {
  const both = encodeURIComponent(`${text} ${url}`);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`, copyFirst: false },
    { name: 'WhatsApp', href: `https://wa.me/?text=${both}`, copyFirst: false },
    { name: 'Viber', href: `viber://forward?text=${both}`, copyFirst: false },
    { name: 'TikTok', href: 'https://www.tiktok.com/', copyFirst: true },
  ];
}
