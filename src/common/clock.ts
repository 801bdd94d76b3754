import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The app's one source of "now" for game and queue rules. Tests move it forward instead of
 * sleeping through real grace periods; SQL that compares times is given this clock's now.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private frozenAtMs: number | null = null;

  now(): Date {
    return new Date((this.frozenAtMs ?? Date.now()) + this.offsetMs);
  }

  /** Tests only: stops this app's time where it is (advance still moves it), so rules that count seconds do not race the test. */
  freeze(): void {
    this.frozenAtMs ??= Date.now();
  }

  /** Tests only: moves this app's time forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
