import { describe, expect, it } from 'vitest';
import { shareLink, shareTargets, shareText } from './share';

describe('the share link', () => {
  it("carries the sharer's code as the traffic source the referrer report counts", () => {
    const url = shareLink('http://campaign.example', '0123456789abcdef');
    expect(url).toBe('http://campaign.example/?utm_source=ref-0123456789abcdef');
    expect(new URL(url).searchParams.get('utm_source')).toBe('ref-0123456789abcdef');
  });

  it('gives each network the link (and the words where it takes them), TikTok none', () => {
    const url = shareLink('https://c.example', 'abcdefabcdefabcd');
    const byName = Object.fromEntries(shareTargets(url, shareText('Campaign 2082')).map((t) => [t.name, t.href]));
    expect(Object.keys(byName)).toEqual(['Facebook', 'WhatsApp', 'Viber', 'TikTok']);
    expect(new URL(byName.Facebook!).searchParams.get('u')).toBe(url);
    expect(new URL(byName.WhatsApp!).searchParams.get('text')).toBe(`${shareText('Campaign 2082')} ${url}`);
    expect(decodeURIComponent(byName.Viber!.split('text=')[1])).toContain(url);
    expect(byName.TikTok).toBeNull();
  });
});
