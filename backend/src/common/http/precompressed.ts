import { existsSync } from 'node:fs';
import type { Request, Response } from 'express';

const TWINS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The compressed twin of a built file (written beside it by scripts/precompress.mjs) that the
 * client accepts, br before gzip. When there is one, the answer is marked with its encoding and
 * the original file's type, and the suffix to serve is returned ('' serves the file as it is).
 */
export function precompressedSuffix(req: Request, res: Response, file: string): string {
  res.append('Vary', 'Accept-Encoding');
  for (const twin of TWINS) {
    if (req.acceptsEncodings(twin.encoding, 'identity') !== twin.encoding || !existsSync(file + twin.suffix)) continue;
    // send() keeps a Content-Type already set, so the twin goes out with the original's type.
    res.type(file.slice(file.lastIndexOf('.')));
    res.setHeader('Content-Encoding', twin.encoding);
    return twin.suffix;
  }
  return '';
}
