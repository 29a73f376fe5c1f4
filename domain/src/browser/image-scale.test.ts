import { describe, expect, it } from 'vitest';
import { MAX_HEIGHT, MAX_WIDTH, QUALITY, isImage, scaledSize } from './image-scale';

describe('scaledSize', () => {
  it('caps landscape images at width 720, keeping the proportions', () => {
    expect(scaledSize(1440, 900)).toEqual({ width: 720, height: 450 });
    expect(scaledSize(1920, 1080)).toEqual({ width: 720, height: 405 });
    expect(scaledSize(4000, 3000)).toEqual({ width: 720, height: 540 });
  });

  it('caps portrait images at height 1280, keeping the proportions', () => {
    expect(scaledSize(1080, 2340)).toEqual({ width: 591, height: 1280 }); // phone screenshot
    expect(scaledSize(1440, 2560)).toEqual({ width: 720, height: 1280 });
    expect(scaledSize(300, 5000)).toEqual({ width: 77, height: 1280 });
  });

  it('treats a square as portrait', () => {
    expect(scaledSize(2000, 2000)).toEqual({ width: 1280, height: 1280 });
  });

  it('leaves images within the caps alone (never enlarges)', () => {
    expect(scaledSize(720, 400)).toEqual({ width: 720, height: 400 });
    expect(scaledSize(640, 1280)).toEqual({ width: 640, height: 1280 });
    expect(scaledSize(100, 50)).toEqual({ width: 100, height: 50 });
    // portrait wider than 720 but not taller than 1280: the portrait cap is on height only
    expect(scaledSize(1000, 1200)).toEqual({ width: 1000, height: 1200 });
  });

  it('never rounds a side down to zero', () => {
    expect(scaledSize(100000, 10)).toEqual({ width: 720, height: 1 });
  });

  it('answers 0 x 0 for a broken size', () => {
    expect(scaledSize(0, 100)).toEqual({ width: 0, height: 0 });
    expect(scaledSize(NaN, 100)).toEqual({ width: 0, height: 0 });
  });

  it('uses the spec limits', () => {
    expect([MAX_WIDTH, MAX_HEIGHT, QUALITY]).toEqual([720, 1280, 0.8]);
  });
});

describe('isImage', () => {
  it('tells images from other files by type', () => {
    expect(isImage(new Blob(['x'], { type: 'image/png' }))).toBe(true);
    expect(isImage(new Blob(['x'], { type: 'application/pdf' }))).toBe(false);
    expect(isImage(new Blob(['x']))).toBe(false);
  });
});
