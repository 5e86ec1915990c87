// A stand-in for the browser IntersectionObserver: the test says when the observed elements come on
// screen (happy-dom lays nothing out, so nothing ever would).
export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  /** Whether an element is on screen as soon as it is observed, as on a page that fits the screen. */
  static onScreenAtOnce = false;
  static reset({ onScreenAtOnce = false } = {}) {
    FakeIntersectionObserver.all = [];
    FakeIntersectionObserver.onScreenAtOnce = onScreenAtOnce;
  }
  /** Every element observed by a live observer comes on screen (the page was scrolled to it). */
  static comeOnScreen() {
    for (const observer of FakeIntersectionObserver.all) observer.report();
  }

  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
    if (FakeIntersectionObserver.onScreenAtOnce) this.report();
  }
  unobserve(target: Element) {
    const at = this.targets.indexOf(target);
    if (at >= 0) this.targets.splice(at, 1);
  }
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  private report() {
    if (this.targets.length === 0) return;
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}
