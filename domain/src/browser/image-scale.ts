/**
 * Browser-only (canvas), so it is the package's `@campaign/domain/browser` entry, which the
 * backend's build never sees. Screenshots are scaled before upload, on the public form and on
 * the staff forms alike: landscape images
 * are capped at width 720, portrait (and square) ones at height 1280, proportionally, and
 * re-encoded as JPEG at quality 0.8. Anything that is not an image, or that the browser cannot
 * decode, is sent as it is.
 */
export const MAX_WIDTH = 720;
export const MAX_HEIGHT = 1280;
export const QUALITY = 0.8;

export interface Size {
  width: number;
  height: number;
}

/** The size an image of width x height is drawn at before upload. Pure; never enlarges. */
export function scaledSize(width: number, height: number, maxWidth = MAX_WIDTH, maxHeight = MAX_HEIGHT): Size {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  if (width > height) {
    if (width > maxWidth) return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
  } else if (height > maxHeight) {
    return { width: Math.max(1, Math.round((width * maxHeight) / height)), height: maxHeight };
  }
  return { width, height };
}

export function isImage(file: Blob): boolean {
  return /^image\//.test(file.type);
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bmp = await createImageBitmap(file);
    return { source: bmp, width: bmp.width, height: bmp.height, close: () => bmp.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Scales and re-encodes an image file for upload; returns non-images (and undecodable files) unchanged. */
export async function prepareScreenshot(file: File): Promise<File> {
  if (!isImage(file)) return file;
  try {
    const img = await decode(file);
    const size = scaledSize(img.width, img.height);
    const scaled = size.width !== img.width || size.height !== img.height;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#fff'; // JPEG has no transparency
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(img.source, 0, 0, size.width, size.height);
    img.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob || (!scaled && blob.size >= file.size)) return file;
    const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return file;
  }
}
