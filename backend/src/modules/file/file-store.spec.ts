import sharp from 'sharp';
import { pngBomb } from '../../../test/factories/images';
import { FileRefusedError, MAX_INPUT_PIXELS, NOT_AN_IMAGE, NOT_AN_IMAGE_OR_PDF, prepareUpload, TOO_MANY_PIXELS, UNREADABLE_IMAGE } from './file-store';

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#123456' } }).png().toBuffer();

describe('prepareUpload', () => {
  it('re-encodes a WebP as WebP with a WebP thumbnail at most 400px, keeping the name for display only', async () => {
    const webp = await sharp({ create: { width: 1000, height: 500, channels: 4, background: '#ff000080' } }).webp().toBuffer();
    const p = await prepareUpload(webp, 'image', '../../etc/passwd\u0007.webp');
    expect(p).toMatchObject({ type: 'image', mime: 'image/webp', ext: 'webp', width: 1000, height: 500, original_name: 'passwd.webp' });
    const thumb = await sharp(p.thumbnail!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 200]);
  });

  it('shrinks images beyond 4000px to fit', async () => {
    const p = await prepareUpload(await png(5000, 1000), 'image');
    expect([p.width, p.height]).toEqual([4000, 800]);
  });

  it('refuses what is not JPEG, PNG or WebP by its bytes', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(prepareUpload(gif, 'image')).rejects.toThrow(new FileRefusedError(NOT_AN_IMAGE));
    await expect(prepareUpload(Buffer.from('hello'), 'file')).rejects.toThrow(new FileRefusedError(NOT_AN_IMAGE_OR_PDF));
  });

  it('refuses a truncated image and one with too many pixels', async () => {
    const whole = await png(300, 300);
    await expect(prepareUpload(whole.subarray(0, 60), 'image')).rejects.toThrow(new FileRefusedError(UNREADABLE_IMAGE));
    const justOver = pngBomb(Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1);
    await expect(prepareUpload(justOver, 'image')).rejects.toThrow(new FileRefusedError(TOO_MANY_PIXELS));
    await expect(prepareUpload(pngBomb(30000), 'image')).rejects.toThrow(new FileRefusedError(TOO_MANY_PIXELS));
  });
});
