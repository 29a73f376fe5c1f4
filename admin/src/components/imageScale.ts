/**
 * Screenshots are scaled in the browser before upload, on the staff form as on the public
 * one: landscape images are capped at width 720, portrait (and square) ones at height
 * 1280, proportionally, and re-encoded as JPEG at quality 0.8. Anything that is not an
 * image, or that the browser cannot decode, is sent as it is.
 *
 * The same rule as public-site/src/imageScale.ts (a workspace may not import another's
 * source); both follow these three constants.
 */
export const MAX_WIDTH = 720;
export const MAX_HEIGHT = 1280;
export const QUALITY = 0.8;

/** The size an image of width x height is drawn at before upload. Pure; never enlarges. */
export function scaledSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  if (width > height) {
    if (width > MAX_WIDTH) return { width: MAX_WIDTH, height: Math.max(1, Math.round((height * MAX_WIDTH) / width)) };
  } else if (height > MAX_HEIGHT) {
    return { width: Math.max(1, Math.round((width * MAX_HEIGHT) / height)), height: MAX_HEIGHT };
  }
  return { width, height };
}

/** Scales and re-encodes an image file for upload; returns non-images (and undecodable files) unchanged. */
export async function prepareScreenshot(file: File): Promise<File> {
  if (!/^image\//.test(file.type) || typeof createImageBitmap !== 'function') return file;
  try {
    const bmp = await createImageBitmap(file);
    const size = scaledSize(bmp.width, bmp.height);
    const scaled = size.width !== bmp.width || size.height !== bmp.height;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#fff'; // JPEG has no transparency
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bmp, 0, 0, size.width, size.height);
    bmp.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob || (!scaled && blob.size >= file.size)) return file;
    return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return file;
  }
}
