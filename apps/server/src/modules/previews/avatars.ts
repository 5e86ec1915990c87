// Players' heads for the preview cards, from the avatar service (AVATAR_URL). A card must not wait
// on another host for long: after AVATAR_TIMEOUT_MS, or on any failure, the card draws our default
// head instead. Heads are remembered for an hour, and failures for a minute, so a burst of cards
// asks the service once per player and a service that is down is not asked on every request.
import { createHash } from 'node:crypto';
import { fillTemplate } from '@prison/shared/address-template';
import { Lru } from '../../lru.ts';

export const AVATAR_TIMEOUT_MS = 1500;
/** The size asked for: the card draws the head at 208 px, pixels kept sharp. */
export const AVATAR_SIZE = 208;
const MAX_AVATAR_BYTES = 512 * 1024;
const KEPT_MS = 60 * 60_000;
const FAILURE_KEPT_MS = 60_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Avatar {
  /** PNG bytes, or null for the default head. */
  png: Buffer | null;
  /** What identifies the picture, for the card's cache key. */
  digest: string;
}

const DEFAULT_AVATAR: Avatar = { png: null, digest: 'default' };

interface Kept {
  avatar: Avatar;
  until: number;
}

export class Avatars {
  private readonly kept = new Lru<string, Kept>(1000, 32 * 1024 * 1024, (k) => k.avatar.png?.length ?? 0);
  private readonly pending = new Map<string, Promise<Avatar>>();

  constructor(
    private readonly template: string,
    private readonly timeoutMs = AVATAR_TIMEOUT_MS,
  ) {}

  /** The player's head, or the default head when the service does not give one in time. */
  async of(uuid: string): Promise<Avatar> {
    const kept = this.kept.get(uuid);
    if (kept && kept.until > Date.now()) return kept.avatar;
    let fetching = this.pending.get(uuid);
    if (!fetching) {
      fetching = this.fetch(uuid).finally(() => this.pending.delete(uuid));
      this.pending.set(uuid, fetching);
    }
    return fetching;
  }

  private async fetch(uuid: string): Promise<Avatar> {
    let avatar = DEFAULT_AVATAR;
    try {
      const png = await this.download(fillTemplate(this.template, { uuid, size: AVATAR_SIZE }));
      if (png) avatar = { png, digest: createHash('sha256').update(png).digest('base64url').slice(0, 16) };
    } catch {
      // Unreachable, too slow, or not an image we draw: the default head.
    }
    this.kept.set(uuid, { avatar, until: Date.now() + (avatar.png ? KEPT_MS : FAILURE_KEPT_MS) });
    return avatar;
  }

  /** The PNG at `url`, or null when the answer is not a PNG of reasonable size. */
  private async download(url: string): Promise<Buffer | null> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const res = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'image/png' } });
    if (!res.ok || !res.body) return null;
    if (Number(res.headers.get('content-length') ?? 0) > MAX_AVATAR_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > MAX_AVATAR_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    const bytes = Buffer.concat(chunks);
    return bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? bytes : null;
  }
}
