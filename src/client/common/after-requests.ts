/**
 * A page's navigation held back while a request whose own answer navigates is out: leaving at
 * once would cut that request off, so a game event's navigation waits until it is done, however
 * long it takes (and is dropped if the answer navigated first).
 */
export class AfterRequests {
  private next: (() => void) | null = null;

  /** Runs `go` now, or once the requests are done when `waiting`. */
  run(go: () => void, waiting: boolean): void {
    if (waiting) this.next = go;
    else go();
  }

  /** The requests are done: the navigation held back, if any, runs now. */
  release(): void {
    const next = this.next;
    this.next = null;
    next?.();
  }
}
