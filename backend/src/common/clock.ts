import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The time the prize rules read (which Nepal day a draw falls on, whether a day's scheme is
 * frozen, whether its seed may be revealed). One place, so that a test can live through a
 * whole campaign day (the evening's commitment, the day's draws, the next morning's reveal)
 * without waiting for it: `travel` exists only when NODE_ENV is 'test'.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests only: moves this app's clock to `at` (the real clock keeps ticking from there). */
  travel(at: Date): void {
    if (process.env.NODE_ENV !== 'test') throw new Error('Clock.travel is for tests');
    this.offsetMs = at.getTime() - Date.now();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
