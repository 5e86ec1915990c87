// The one place that knows which punishments are in force on the simulated server: those of the
// seed's history, those the live loop's own staff hand out, and those issued from the console over
// RCON (as LiteBans records them). A console command is recorded here at once, so that `unban`
// right after `ban` finds the ban, and waits in the queue until the live loop reports it on its
// next tick: only then does it get its id and its time, as the event that carries it.
import type { BridgeEvent } from '@prison/shared/bridge';
import type { PunishmentType } from '@prison/shared/punishments';

/** Where a punishment comes from: the seed's history, the live loop's own staff, or the console. */
export type PunishmentOrigin = 'seed' | 'run' | 'console';

export interface Punishment {
  /** Null while a console punishment waits for the live loop to report it. */
  id: string | null;
  type: PunishmentType;
  uuid: string;
  username: string;
  reason: string | null;
  silent: boolean;
  /** How long it lasts, in ms; null: permanent (and always for a kick). */
  length: number | null;
  /** When it was issued; null while a console punishment waits to be reported. */
  issuedAt: number | null;
  origin: PunishmentOrigin;
  /** Who issued it: a staff member of the site's action, or null for the console. */
  staff?: { uuid: string; username: string } | null;
  /** The site's staff action it carries out, which its report names. */
  actionId?: number;
}

/** A staff member of the site who asked for a change, and their action's id, for the report to name. */
export interface ActionOrigin {
  staff: { uuid: string; username: string };
  actionId: number;
}

/** A console command's change, for the live loop to report. */
export type ModerationChange =
  | { kind: 'issued'; punishment: Punishment }
  | { kind: 'revoked'; punishment: Punishment; reason: string | null; by?: ActionOrigin };

export type NewPunishment = Omit<Punishment, 'id' | 'issuedAt' | 'origin'>;

export class Moderation {
  /** Punishments that last (no kicks), by player uuid, in the order they were issued. */
  private readonly byPlayer = new Map<string, Punishment[]>();
  private readonly queue: ModerationChange[] = [];

  /**
   * `history`: the seed's punishment events, oldest first; `now`: when the history ends, the time
   * the console goes by until the live loop's first tick (then its latest tick's).
   */
  constructor(
    history: readonly BridgeEvent[] = [],
    private now = 0,
  ) {
    const byId = new Map<string, Punishment>();
    for (const event of history) {
      if (event.type === 'punishment.revoked') {
        const lifted = byId.get(event.punishment_id);
        if (lifted) this.remove(lifted);
      }
      if (event.type !== 'punishment.issued' || event.punishment_type === 'kick') continue;
      const issuedAt = Date.parse(event.at!);
      const punishment: Punishment = {
        id: event.punishment_id,
        type: event.punishment_type,
        uuid: event.uuid,
        username: event.username,
        reason: event.reason ?? null,
        silent: event.silent ?? false,
        length: event.until ? Date.parse(event.until) - issuedAt : null,
        issuedAt,
        origin: 'seed',
      };
      byId.set(punishment.id!, punishment);
      this.add(punishment);
    }
  }

  /** The player's punishments of this type in force now, oldest first. */
  inForce(uuid: string, type: PunishmentType, now = this.now): Punishment[] {
    const all = this.byPlayer.get(uuid);
    if (!all) return [];
    const current = all.filter((p) => !this.hasEnded(p, now));
    if (current.length === 0) this.byPlayer.delete(uuid);
    else if (current.length !== all.length) this.byPlayer.set(uuid, current);
    return current.filter((p) => p.type === type);
  }

  isBanned(uuid: string, now = this.now): boolean {
    return this.inForce(uuid, 'ban', now).length > 0;
  }

  isMuted(uuid: string, now = this.now): boolean {
    return this.inForce(uuid, 'mute', now).length > 0;
  }

  /** A punishment from the console: in force at once, reported on the live loop's next tick. */
  issue(punishment: NewPunishment): Punishment {
    const issued: Punishment = { ...punishment, id: null, issuedAt: null, origin: 'console' };
    if (issued.type !== 'kick') this.add(issued);
    this.queue.push({ kind: 'issued', punishment: issued });
    return issued;
  }

  /**
   * The console lifts the player's newest punishment of this type in force (unban, unmute, unwarn);
   * answers it, or null when there is none.
   */
  revoke(uuid: string, type: Exclude<PunishmentType, 'kick'>, reason: string | null): Punishment | null {
    // One still waiting to be reported is the newest of all; on a tie, the later issued.
    const issuedAt = (p: Punishment) => p.issuedAt ?? Number.POSITIVE_INFINITY;
    const newest = this.inForce(uuid, type).reduce<Punishment | null>(
      (a, b) => (a && issuedAt(a) > issuedAt(b) ? a : b),
      null,
    );
    if (!newest) return null;
    this.remove(newest);
    this.queue.push({ kind: 'revoked', punishment: newest, reason });
    return newest;
  }

  /**
   * Lifts the punishment with this id (reported already) for a staff action of the site; answers it,
   * or null when it is not in force (ended, lifted, or never known here).
   */
  revokeById(id: string, reason: string | null, by: ActionOrigin): Punishment | null {
    const lifted = [...this.byPlayer.values()].flat().find((p) => p.id === id && !this.hasEnded(p, this.now));
    if (!lifted) return null;
    this.remove(lifted);
    this.queue.push({ kind: 'revoked', punishment: lifted, reason, by });
    return lifted;
  }

  /** A punishment the live loop's own staff handed out and reported already. */
  record(punishment: Punishment): void {
    if (punishment.type !== 'kick') this.add(punishment);
  }

  /** The live loop's own bans and mutes still in force, which its staff may lift. */
  liftable(now = this.now): Punishment[] {
    return [...this.byPlayer.values()]
      .flat()
      .filter((p) => p.origin === 'run' && (p.type === 'ban' || p.type === 'mute') && !this.hasEnded(p, now))
      .sort((a, b) => a.issuedAt! - b.issuedAt!);
  }

  /** The live loop's staff lift one of its own punishments (reported by the live loop itself). */
  lift(punishment: Punishment): void {
    this.remove(punishment);
  }

  /**
   * The console's changes for the live loop to report at `now`, in the order they were made, each
   * new punishment given its id and time. Without `revocations`, revocations wait for a later call
   * (while the seed is still being delivered, the site may not know the punishment they name yet).
   */
  takeChanges(now: number, nextId: () => string, { revocations = true } = {}): ModerationChange[] {
    this.now = now;
    const taken: ModerationChange[] = [];
    const kept: ModerationChange[] = [];
    for (const change of this.queue.splice(0)) {
      if (change.kind === 'revoked' && !revocations) {
        kept.push(change);
        continue;
      }
      if (change.kind === 'issued') {
        change.punishment.id = nextId();
        change.punishment.issuedAt = now;
      }
      taken.push(change);
    }
    this.queue.push(...kept);
    return taken;
  }

  private hasEnded(p: Punishment, now: number): boolean {
    return p.length !== null && p.issuedAt !== null && p.issuedAt + p.length <= now;
  }

  private add(p: Punishment) {
    const list = this.byPlayer.get(p.uuid);
    if (list) list.push(p);
    else this.byPlayer.set(p.uuid, [p]);
  }

  private remove(p: Punishment) {
    const list = this.byPlayer.get(p.uuid);
    const at = list?.indexOf(p) ?? -1;
    if (at !== -1) list!.splice(at, 1);
  }
}
