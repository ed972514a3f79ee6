import type { Clock } from '../lib/clock.js';

/** A clock that stands still until a test moves it: expiry is tested without sleeping. */
export class TestClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    this.current = new Date(start.getTime());
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}
