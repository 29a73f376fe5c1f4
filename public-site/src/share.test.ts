import { describe, expect, it } from 'vitest';
import { shareLink, shareOrCopy, shareTargets, shareText, type ShareMeans } from './share';

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
    // Opening TikTok's home page shared nothing: its button shares or copies instead (shareOrCopy).
    expect(byName.TikTok).toBeNull();
    expect(targets.filter((t) => t.href?.includes('tiktok'))).toEqual([]);
  });
});

describe('sharing to TikTok, which takes no link from a web page', () => {
  const data = { title: 'Campaign 2082', text: shareText('Campaign 2082'), url: shareLink('https://c.example', 'abcdefabcdefabcd') };
  /** A browser's share sheet and clipboard, recording what reached them. */
  const browser = (o: { sheet?: 'takes' | 'closed' | 'refuses'; clipboard?: 'writes' | 'refuses' }) => {
    const seen = { shared: [] as unknown[], copied: [] as string[] };
    const failure = (name: string) => Object.assign(new Error(name), { name });
    const means: ShareMeans = {};
    if (o.sheet)
      means.share = async (d) => {
        if (o.sheet === 'closed') throw failure('AbortError');
        if (o.sheet === 'refuses') throw failure('NotAllowedError');
        seen.shared.push(d);
      };
    if (o.clipboard)
      means.clipboard = {
        writeText: async (text) => {
          if (o.clipboard === 'refuses') throw failure('NotAllowedError');
          seen.copied.push(text);
        },
      };
    return { means, seen };
  };

  it("hands the title, the words and the link to the phone's share sheet where there is one, and copies nothing", async () => {
    const { means, seen } = browser({ sheet: 'takes', clipboard: 'writes' });
    expect(await shareOrCopy(means, data)).toBe('shared');
    expect(seen).toEqual({ shared: [data], copied: [] });
  });

  it('copies the words and the link, to paste in the app, where there is no share sheet', async () => {
    const { means, seen } = browser({ clipboard: 'writes' });
    expect(await shareOrCopy(means, data)).toBe('copied');
    expect(seen.copied).toEqual([`${data.text} ${data.url}`]);
  });

  it('copies nothing when the visitor closes the sheet, and falls back to copying when the sheet refuses', async () => {
    const closed = browser({ sheet: 'closed', clipboard: 'writes' });
    expect(await shareOrCopy(closed.means, data)).toBe('cancelled');
    expect(closed.seen.copied).toEqual([]);
    const refused = browser({ sheet: 'refuses', clipboard: 'writes' });
    expect(await shareOrCopy(refused.means, data)).toBe('copied');
    expect(refused.seen.copied).toEqual([`${data.text} ${data.url}`]);
  });

  it('says it failed where neither works (plain HTTP has no sheet and no clipboard)', async () => {
    expect(await shareOrCopy(browser({}).means, data)).toBe('failed');
    expect(await shareOrCopy(browser({ clipboard: 'refuses' }).means, data)).toBe('failed');
  });
});
