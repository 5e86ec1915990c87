// Test support: what the site checks before applying a batch (an event may only name players,
// gangs and listings that exist by then), so tests can prove the simulator's ordering.
import type { BridgeEvent } from '@prison/shared/bridge';

export class SiteModel {
  readonly players = new Set<string>();
  readonly gangs = new Set<string>();
  readonly listings = new Set<string>();
  /** The punishments issued, by id: whether each is a kick (which cannot be revoked). */
  readonly punishments = new Map<string, { kick: boolean }>();
  readonly online = new Set<string>();
  readonly seenIds = new Set<string>();

  /** Applies one event; answers why the site would reject it, or null. */
  apply(event: BridgeEvent): string | null {
    if (this.seenIds.has(event.id)) return null;
    this.seenIds.add(event.id);
    const needPlayers = (...uuids: (string | null | undefined)[]) => {
      for (const uuid of uuids) if (uuid && !this.players.has(uuid)) return `unknown player ${uuid}`;
      return null;
    };
    const needGang = (id: string) => (this.gangs.has(id) ? null : `unknown gang ${id}`);
    switch (event.type) {
      case 'player.join':
        this.players.add(event.uuid);
        this.online.add(event.uuid);
        return null;
      case 'player.quit':
        this.online.delete(event.uuid);
        return needPlayers(event.uuid);
      case 'activity':
        return needPlayers(event.actor_uuid, event.target_uuid);
      case 'friend.add':
        if (event.uuid === event.friend_uuid) return 'a player cannot befriend themselves';
        return needPlayers(event.uuid, event.friend_uuid);
      case 'friend.remove':
        return needPlayers(event.uuid, event.friend_uuid);
      case 'gang.upsert':
        this.gangs.add(event.gang_id);
        return null;
      case 'gang.disband':
        return this.gangs.delete(event.gang_id) ? null : `unknown gang ${event.gang_id}`;
      case 'gang.treasury':
        return needGang(event.gang_id);
      case 'gang.member':
      case 'gang.leave':
        return needPlayers(event.uuid) ?? needGang(event.gang_id);
      case 'auction.listed':
        if (this.listings.has(event.listing_id)) return `listing ${event.listing_id} already exists`;
        this.listings.add(event.listing_id);
        return needPlayers(event.seller_uuid);
      case 'auction.cancelled':
        return this.listings.has(event.listing_id) ? null : `unknown listing ${event.listing_id}`;
      case 'server.status':
        return null;
      case 'punishment.issued':
        if (this.punishments.has(event.punishment_id))
          return `punishment ${event.punishment_id} already exists`;
        this.punishments.set(event.punishment_id, { kick: event.punishment_type === 'kick' });
        return null;
      case 'punishment.revoked': {
        const issued = this.punishments.get(event.punishment_id);
        if (!issued) return `unknown punishment ${event.punishment_id}`;
        return issued.kick ? `punishment ${event.punishment_id} is a kick` : null;
      }
      default:
        return needPlayers(event.uuid);
    }
  }
}
