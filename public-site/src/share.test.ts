import { describe, expect, it } from 'vitest';
import { shareLink, shareTargets, shareText } from './share';

describe('the share link', () => {
  it("carries the sharer's code as the traffic source the referrer report counts", () => {
    const url = shareLink('http://campaign.example', '0123456789abcdef');
    expect(url).toBe('http://campaign.example/?utm_source=ref-0123456789abcdef');
    expect(new URL(url).searchParams.get('utm_source')).toBe('ref-0123456789abcdef');
  });

  it('gives each network the link (and the words where it takes them); TikTok, which takes none, gets it copied', () => {
    const url = shareLink('https://c.example', 'abcdefabcdefabcd');
    const targets = shareTargets(url, shareText('Campaign 2082'));
    const byName = Object.fromEntries(targets.map((t) => [t.name, t.href]));
    expect(Object.keys(byName)).toEqual(['Facebook', 'WhatsApp', 'Viber', 'TikTok']);
    expect(new URL(byName.Facebook!).searchParams.get('u')).toBe(url);
    expect(new URL(byName.WhatsApp!).searchParams.get('text')).toBe(`${shareText('Campaign 2082')} ${url}`);
    expect(decodeURIComponent(byName.Viber!.split('text=')[1])).toContain(url);
    // TikTok takes no link: its button copies it and opens TikTok.
    expect(targets.filter((t) => t.copyFirst).map((t) => [t.name, t.href])).toEqual([['TikTok', 'https://www.tiktok.com/']]);
  });
});
