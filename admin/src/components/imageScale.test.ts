import { describe, expect, it } from 'vitest';
import { scaledSize } from './imageScale';

describe('scaledSize', () => {
  it('caps landscape at width 720 and portrait at height 1280, proportionally', () => {
    expect(scaledSize(1440, 900)).toEqual({ width: 720, height: 450 });
    expect(scaledSize(1080, 2560)).toEqual({ width: 540, height: 1280 });
    expect(scaledSize(2000, 2000)).toEqual({ width: 1280, height: 1280 });
  });
  it('never enlarges', () => {
    expect(scaledSize(600, 400)).toEqual({ width: 600, height: 400 });
    expect(scaledSize(0, 10)).toEqual({ width: 0, height: 0 });
  });
});
