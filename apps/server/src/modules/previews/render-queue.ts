// Preview cards are rendered one at a time (satori's layout runs on the event loop for a few tens
// of milliseconds), each at most once however many ask for it together, and kept by what they
// draw, so a burst of requests cannot stall the server and a card is rendered again only once its
// player or gang changes.
import { unavailable } from '../../errors.ts';
import { Lru } from '../../lru.ts';

export const RENDERS_AT_ONCE = 1;
/** Renders waiting beyond this are refused (503) rather than queued without bound. */
export const MAX_WAITING_RENDERS = 32;
export const KEPT_CARDS = 200;
const KEPT_CARD_BYTES = 64 * 1024 * 1024;

export const RENDER_BUSY = 'Too many preview images are being drawn right now. Please try again shortly.';

export class CardRenderer {
  private readonly cards = new Lru<string, Buffer>(KEPT_CARDS, KEPT_CARD_BYTES, (png) => png.length);
  private readonly pending = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /** The card kept under `key`, or the one `render` makes (one render per key at a time). */
  async card(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.cards.get(key);
    if (kept) return kept;
    let rendering = this.pending.get(key);
    if (!rendering) {
      rendering = this.inTurn(render)
        .then((png) => {
          this.cards.set(key, png);
          return png;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, rendering);
    }
    return rendering;
  }

  private async inTurn(render: () => Promise<Buffer>): Promise<Buffer> {
    if (this.running < RENDERS_AT_ONCE) this.running++;
    else if (this.waiting.length >= MAX_WAITING_RENDERS) throw unavailable('previews_busy', RENDER_BUSY);
    // The render that finishes hands its turn straight to the next in line.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await render();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
