// Discord account linking (issue 33): the OAuth2 authorization code grant with PKCE (RFC 6749 4.1,
// RFC 7636 S256) against the Discord application of the site's settings (config.discord). A player
// asks for a link; the site keeps a random state and the PKCE verifier for ten minutes
// (discord_link_states) and sends the browser to Discord's authorize page. Discord sends it back
// to the callback with a code and the state: the state is used up (whatever happens next), the
// code is exchanged for a token with the verifier and the client's secret, and the token reads the
// account (`identify`: its id and name). The token is used once and never kept. A Discord account
// is linked to one player at most: one linked elsewhere is refused, never moved. The protocol's
// parts (the random state and verifier, the challenge, the callback's check, the code's exchange and
// the token answer's check) are oauth4webapi's.
import type { DiscordLink } from '@prison/shared/discord-link';
import type { DiscordLinkFailure } from '@prison/shared/discord-link-outcome';
import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import { discordLinkStates, players } from '../../db/schema.ts';
import { type Change, committedHere, notifyChanges } from '../../live/changes.ts';
import { recordAudit } from '../audit/service.ts';

export type DiscordApplication = NonNullable<Config['discord']>;

/** How long a player has to come back from Discord's page. */
export const LINK_STATE_TTL_MS = 10 * 60_000;
/** How long the site waits for each of Discord's answers. */
export const PROVIDER_TIMEOUT_MS = 10_000;
const SCOPE = 'identify';

/** Discord's application as oauth4webapi sees it: the issuer is its authorize page's origin. */
function applicationOf(discord: DiscordApplication): { as: oauth.AuthorizationServer; client: oauth.Client } {
  return {
    as: {
      issuer: new URL(discord.authorizeUrl).origin,
      authorization_endpoint: discord.authorizeUrl,
      token_endpoint: discord.tokenUrl,
    },
    client: { client_id: discord.clientId },
  };
}

/**
 * Each request's options: a time limit, and plain http allowed only where the settings name an
 * http endpoint (a local stand-in; Discord's own are https).
 */
const requestOptions = (url: string) => ({
  signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  [oauth.allowInsecureRequests]: url.startsWith('http:'),
});

/**
 * A new pending link for `uuid`: its state, and Discord's authorize address to send the browser to.
 * Pending links older than ten minutes, anyone's, are dropped on the way.
 */
export async function startLink(
  db: Db,
  discord: DiscordApplication,
  uuid: string,
  redirectUri: string,
): Promise<{ state: string; url: string }> {
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  await db
    .delete(discordLinkStates)
    .where(lt(discordLinkStates.createdAt, new Date(Date.now() - LINK_STATE_TTL_MS)));
  await db.insert(discordLinkStates).values({ state, playerUuid: uuid, verifier });
  const url = new URL(discord.authorizeUrl);
  for (const [key, value] of Object.entries({
    response_type: 'code',
    client_id: discord.clientId,
    redirect_uri: redirectUri,
    scope: SCOPE,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })) {
    url.searchParams.set(key, value);
  }
  return { state, url: url.toString() };
}

/** The link of `uuid`, and whether the site offers linking. */
export async function discordLinkOf(db: Db, uuid: string, offered: boolean): Promise<DiscordLink> {
  const [row] = await db
    .select({ id: players.discordId, name: players.discordName, linkedAt: players.discordLinkedAt })
    .from(players)
    .where(eq(players.uuid, uuid));
  return {
    offered,
    account:
      row?.id && row.name !== null && row.linkedAt
        ? { id: row.id, name: row.name, linked_at: row.linkedAt.toISOString() }
        : null,
  };
}

/** Why a link failed, and for the log and the audit what went wrong (never a token or a secret). */
export class LinkFailure extends Error {
  constructor(
    readonly reason: DiscordLinkFailure,
    readonly problem: string,
  ) {
    super(problem);
  }
}

const providerError = (problem: string) => new LinkFailure('provider', problem);

/**
 * The account answer: Discord's GET /users/@me ({id, username, global_name}) or an OpenID
 * provider's userinfo ({sub, preferred_username, name}).
 */
const accountAnswerSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  sub: z.string().optional(),
  global_name: z.string().nullish(),
  username: z.string().nullish(),
  preferred_username: z.string().nullish(),
  name: z.string().nullish(),
});

/** Discord's names are 32 characters at most; a longer one is cut rather than refused. */
const NAME_MAX = 64;
const ID_MAX = 64;

/** The account's id and the name the site shows: the display name, else the user name. */
export function accountOf(answer: unknown): { id: string; name: string } {
  const parsed = accountAnswerSchema.safeParse(answer);
  if (!parsed.success) throw providerError('the account answer is not an object of the expected fields');
  const account = parsed.data;
  const id = String(account.id ?? account.sub ?? '').trim();
  const name = [account.global_name, account.username, account.preferred_username, account.name]
    .map((value) => value?.trim())
    .find((value) => value);
  if (!id || id.length > ID_MAX) throw providerError('the account answer has no usable id');
  if (!name) throw providerError('the account answer has no name');
  return { id, name: name.slice(0, NAME_MAX) };
}

/** What went wrong with a request to Discord, said plainly (never a token or a secret). */
function providerProblem(what: string, err: unknown): LinkFailure {
  if (err instanceof LinkFailure) return err;
  if (err instanceof oauth.ResponseBodyError) {
    return providerError(`the ${what} answered ${err.status} (${err.error.slice(0, 64)})`);
  }
  const { cause } = err as { cause?: unknown };
  if (cause instanceof Response) return providerError(`the ${what} answered ${cause.status}`);
  // undici's "fetch failed" says why in its cause: a refused connection, a timeout.
  const reason = cause as { code?: string; message?: string } | undefined;
  const why = String(reason?.code ?? reason?.message ?? (err as Error).message ?? err).slice(0, 80);
  return providerError(`the ${what} could not be used (${why})`);
}

/**
 * RFC 6749 4.1.3 with RFC 7636's verifier, the client authenticating with HTTP Basic (2.3.1); the
 * answer must hold a bearer token.
 */
async function exchangeCode(
  discord: DiscordApplication,
  params: URLSearchParams,
  redirectUri: string,
  verifier: string,
): Promise<string> {
  const { as, client } = applicationOf(discord);
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(discord.clientSecret),
      oauth.validateAuthResponse(as, client, params, oauth.skipStateCheck),
      redirectUri,
      verifier,
      requestOptions(discord.tokenUrl),
    );
    const answer = await oauth.processAuthorizationCodeResponse(as, client, response);
    if (answer.token_type.toLowerCase() !== 'bearer') {
      throw providerError(`the token endpoint answered a ${answer.token_type.slice(0, 32)} token`);
    }
    return answer.access_token;
  } catch (err) {
    throw providerProblem('token endpoint', err);
  }
}

/** Reads the account the token is for (Discord's GET /users/@me, scope `identify`). */
async function readAccount(discord: DiscordApplication, token: string) {
  let body: unknown;
  try {
    const response = await oauth.protectedResourceRequest(
      token,
      'GET',
      new URL(discord.userUrl),
      new Headers({ accept: 'application/json' }),
      null,
      { ...requestOptions(discord.userUrl), redirect: 'error' } as oauth.ProtectedResourceRequestOptions,
    );
    if (!response.ok) throw providerError(`the user endpoint answered ${response.status}`);
    body = await response.json().catch(() => {
      throw providerError(`the user endpoint answered ${response.status} with no JSON`);
    });
  } catch (err) {
    throw providerProblem('user endpoint', err);
  }
  return accountOf(body);
}

/** What the callback was given: the code and state, or the provider's error. */
export interface CallbackParams {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * Ends a trip to Discord: uses up the state, then (unless Discord said no) exchanges the code and
 * links the account it reads to the player who started the link. Answers the player; raises a
 * LinkFailure saying why nothing was linked. `browserState` is the state this browser started (its
 * cookie): a state started in another browser, handed to this one, links nothing.
 */
export async function finishLink(
  db: Db,
  discord: DiscordApplication | null,
  params: CallbackParams,
  browserState: string | null,
  redirectUri: string,
): Promise<{ uuid: string; id: string; name: string }> {
  const pending = params.state && params.state === browserState ? await useState(db, params.state) : null;
  if (params.error) {
    throw new LinkFailure(
      params.error === 'access_denied' ? 'denied' : 'provider',
      `Discord answered ${params.error.slice(0, 64)}`,
    );
  }
  if (!pending) throw new LinkFailure('expired', 'no pending link has this state in this browser');
  if (!discord) throw new LinkFailure('off', 'linking is no longer offered');
  if (!params.code) throw providerError('Discord sent no code');
  try {
    // The state was checked above, against this browser's and the database's.
    const callback = new URLSearchParams({ code: params.code, state: params.state! });
    const token = await exchangeCode(discord, callback, redirectUri, pending.verifier);
    const account = await readAccount(discord, token);
    await saveLink(db, pending.uuid, account);
    return { uuid: pending.uuid, ...account };
  } catch (err) {
    if (err instanceof LinkFailure && err.reason === 'provider') {
      await recordAudit(db, {
        actor: pending.uuid,
        action: 'discord.link',
        outcome: 'failed',
        detail: { problem: err.problem },
      });
    }
    throw err;
  }
}

/** The pending link of `state`, used up: a state works once, and only within ten minutes. */
async function useState(db: Db, state: string): Promise<{ uuid: string; verifier: string } | null> {
  const [row] = await db.delete(discordLinkStates).where(eq(discordLinkStates.state, state)).returning({
    uuid: discordLinkStates.playerUuid,
    verifier: discordLinkStates.verifier,
    createdAt: discordLinkStates.createdAt,
  });
  if (!row || row.createdAt.getTime() < Date.now() - LINK_STATE_TTL_MS) return null;
  return { uuid: row.uuid, verifier: row.verifier };
}

const TAKEN = 'that Discord account is linked to another player';

/** Links the account to the player (replacing any earlier link of theirs), audited; refuses one taken. */
async function saveLink(db: Db, uuid: string, account: { id: string; name: string }): Promise<void> {
  const changes: Change[] = [{ type: 'discord.changed', player: uuid }];
  try {
    await db.transaction(async (tx) => {
      const [other] = await tx
        .select({ uuid: players.uuid })
        .from(players)
        .where(and(eq(players.discordId, account.id), ne(players.uuid, uuid)));
      if (other) throw new LinkFailure('taken', TAKEN);
      await recordAudit(tx, {
        actor: uuid,
        action: 'discord.link',
        outcome: 'ok',
        detail: { discord_id: account.id, discord_name: account.name },
      });
      await tx
        .update(players)
        .set({ discordId: account.id, discordName: account.name, discordLinkedAt: sql`now()` })
        .where(eq(players.uuid, uuid));
      await notifyChanges(tx, changes);
    });
  } catch (err) {
    // Two players linking one account at once: the unique index lets one of them have it.
    const taken = err instanceof LinkFailure ? err.reason === 'taken' : sqlState(err) === '23505';
    if (!taken) throw err;
    await recordAudit(db, {
      actor: uuid,
      action: 'discord.link',
      outcome: 'refused',
      detail: { discord_id: account.id, reason: TAKEN },
    });
    throw new LinkFailure('taken', TAKEN);
  }
  await committedHere(db, changes, { rebuild: true });
}

/** Unlinks the player's Discord account, if one is linked (audited with the account it was). */
export async function unlink(db: Db, uuid: string): Promise<void> {
  const changes: Change[] = [{ type: 'discord.changed', player: uuid }];
  const unlinked = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: players.discordId, name: players.discordName })
      .from(players)
      .where(and(eq(players.uuid, uuid), isNotNull(players.discordId)))
      .for('update');
    if (!before) return false;
    await recordAudit(tx, {
      actor: uuid,
      action: 'discord.unlink',
      outcome: 'ok',
      detail: { discord_id: before.id, discord_name: before.name },
    });
    await tx
      .update(players)
      .set({ discordId: null, discordName: null, discordLinkedAt: null })
      .where(eq(players.uuid, uuid));
    await notifyChanges(tx, changes);
    return true;
  });
  if (unlinked) await committedHere(db, changes, { rebuild: true });
}
