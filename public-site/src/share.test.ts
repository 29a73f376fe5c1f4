import { describe, expect, it } from 'vitest';
import { copyForApp, shareLink, shareTargets, shareText, type ClipboardMeans } from './share';

describe('the share link', () => {
  it("carries the sharer's code as the traffic source the referrer report counts", () => {
    const url = shareLink('http://campaign.example', '0123456789abcdef');
    expect(url).toBe('http://campaign.example/?utm_source=ref-0123456789abcdef');
    expect(new URL(url).searchParams.get('utm_source')).toBe('ref-0123456789abcdef');
  });

  it('gives each network the link (and the words where it takes them); TikTok, which takes none, gets no address', () => {
    const url = shareLink('https://c.example', 'abcdefabcdefabcd');
    const targets = shareTargets(url, shareText('Campaign 2082'));
    const byName = Object.fromEntries(targets.map((t) => [t.name, t.href]));
    expect(Object.keys(byName)).toEqual(['Facebook', 'WhatsApp', 'Viber', 'TikTok']);
    expect(new URL(byName.Facebook!).searchParams.get('u')).toBe(url);
    expect(new URL(byName.WhatsApp!).searchParams.get('text')).toBe(`${shareText('Campaign 2082')} ${url}`);
    expect(decodeURIComponent(byName.Viber!.split('text=')[1])).toContain(url);
    // Opening TikTok's home page shared nothing: its button copies the words and the link instead (copyForApp).
    expect(byName.TikTok).toBeNull();
    expect(targets.filter((t) => t.href?.includes('tiktok'))).toEqual([]);
  });
});

describe('sharing to TikTok, which takes no link from a web page', () => {
  const data = { text: shareText('Campaign 2082'), url: shareLink('https://c.example', 'abcdefabcdefabcd') };
  /** A browser's clipboard, recording what reached it. */
  const browser = (clipboard?: 'writes' | 'refuses') => {
    const copied: string[] = [];
    const means: ClipboardMeans = {};
    if (clipboard)
      means.clipboard = {
        writeText: async (text) => {
          if (clipboard === 'refuses') throw Object.assign(new Error('NotAllowedError'), { name: 'NotAllowedError' });
          copied.push(text);
        },
      };
    return { means, copied };
  };

  it('copies the words and the link, to paste in the app', async () => {
    const { means, copied } = browser('writes');
    expect(await copyForApp(means, data)).toBe('copied');
    expect(copied).toEqual([`${data.text} ${data.url}`]);
  });

  it('says it failed where there is no clipboard (plain HTTP) or it refuses', async () => {
    expect(await copyForApp(browser().means, data)).toBe('failed');
    expect(await copyForApp(browser('refuses').means, data)).toBe('failed');
  });
});
