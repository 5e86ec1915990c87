// The profile's server state (spec 2.7, 4 Profile, 7, 8): the public profile and the stats with G-Kits
// (both needed before the page leaves its skeletons), the social overview (undefined while loading,
// null on failure), the activity feed (empty on failure), the player's gang (for its page's address)
// and the privacy switch of the public player page; two-factor sign-in (the Security card); the
// account's signed-in sessions; the player's own punishments and their appeals, live; their
// linked Discord account.

import { ACTIVITY_DEFAULT_LIMIT } from '@prison/shared/activity-limits';
import type { RecoveryCodes, SignedInSession, TwoFactorSetup, TwoFactorStatus } from '@prison/shared/auth';
import type { Appeal, OwnPunishment } from '@prison/shared/moderation';
import type { NotificationPreferences } from '@prison/shared/notifications';
import type {
  ActivityItem,
  PlayerStats,
  Privacy,
  PrivacyChange,
  PublicProfile,
} from '@prison/shared/players';
import type { SocialOverview } from '@prison/shared/social';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest, noContent } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { readLiveMessage } from '../../lib/live-socket.ts';
import { expireOnSessionClose, signingOutHere } from '../../lib/session.ts';
import { useFreshToken } from '../../lib/use-fresh-token.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

const fromAuth = schemasOf(() => import('@prison/shared/auth'));
const fromPlayers = schemasOf(() => import('@prison/shared/players'));
const recoveryCodesSchema = fromAuth('recoveryCodesSchema');
const sessionListSchema = fromAuth('sessionListSchema');
const twoFactorSetupSchema = fromAuth('twoFactorSetupSchema');
const twoFactorStatusSchema = fromAuth('twoFactorStatusSchema');
const activityListSchema = fromPlayers('activityListSchema');
const playerStatsSchema = fromPlayers('playerStatsSchema');
const privacySchema = fromPlayers('privacySchema');
const publicProfileSchema = fromPlayers('publicProfileSchema');
const fromSocial = schemasOf(() => import('@prison/shared/social'));
const socialOverviewSchema = fromSocial('socialOverviewSchema');
const socialMessageSchema = fromSocial('socialMessageSchema');
const fromModeration = schemasOf(() => import('@prison/shared/moderation'));
const ownPunishmentsSchema = fromModeration('ownPunishmentsSchema');
const appealSchema = fromModeration('appealSchema');

// The hero and stats are refreshed while the page is open; the header says when they last were.
const PROFILE_REFRESH_MS = 30_000;

function getProfile(uuid: string): Promise<PublicProfile> {
  return apiJson(`/api/players/${uuid}`, publicProfileSchema);
}

const profileQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['players', uuid],
    queryFn: () => getProfile(uuid),
    refetchInterval: PROFILE_REFRESH_MS,
  });

function getStats(uuid: string): Promise<PlayerStats> {
  return apiJson(`/api/players/${uuid}/stats`, playerStatsSchema);
}

const statsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['players', uuid, 'stats'],
    queryFn: () => getStats(uuid),
    refetchInterval: PROFILE_REFRESH_MS,
  });

export function useProfileData(uuid: string) {
  const profile = useQuery(profileQueryOptions(uuid));
  const stats = useQuery(statsQueryOptions(uuid));
  return { profile, stats };
}

/** The social overview, or null when it could not be had (silently, spec 8). */
async function getSocialOverview(): Promise<SocialOverview | null> {
  try {
    return await apiJson('/api/social/overview', socialOverviewSchema);
  } catch {
    return null;
  }
}

const socialOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['social', 'overview'],
    queryFn: getSocialOverview,
    refetchInterval: PROFILE_REFRESH_MS,
  });

/** Spec 4: undefined while loading, null on failure. */
export function useSocialOverview(): SocialOverview | null | undefined {
  return useQuery(socialOverviewQueryOptions()).data;
}

/** The player's recent activity; a failure or a non-OK answer is an empty list (spec 8). */
async function getActivity(uuid: string): Promise<ActivityItem[]> {
  try {
    return await apiJson(`/api/players/${uuid}/activity?limit=${ACTIVITY_DEFAULT_LIMIT}`, activityListSchema);
  } catch {
    return [];
  }
}

const activityQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['players', uuid, 'activity', ACTIVITY_DEFAULT_LIMIT],
    queryFn: () => getActivity(uuid),
    refetchInterval: PROFILE_REFRESH_MS,
  });

/** Spec 4: null while loading. */
export function useActivity(uuid: string): ActivityItem[] | null {
  return useQuery(activityQueryOptions(uuid)).data ?? null;
}

/** The player's gang, by id and name, for links to its page. */
export interface PlayerGang {
  id: string;
  name: string;
}

const PRIVACY_PATH = '/api/players/me/privacy';

function getPrivacy(): Promise<Privacy> {
  return apiJson(PRIVACY_PATH, privacySchema);
}

const privacyQueryOptions = () =>
  queryOptions({ queryKey: ['players', 'me', 'privacy'], queryFn: getPrivacy });

export function usePrivacy() {
  return useQuery(privacyQueryOptions());
}

/** Sends only the settings that change: the others stay as the server has them. */
function savePrivacy(change: PrivacyChange): Promise<Privacy> {
  return apiJson(PRIVACY_PATH, privacySchema, jsonRequest(change, { method: 'PUT' }));
}

/**
 * Saves a change to settings read by `queryKey` (only what changes is sent): the switch moves at
 * once, a refused save puts it back, and the server's answer is the last word.
 */
function useSaveSettings<T extends object>(
  queryKey: readonly unknown[],
  save: (change: Partial<T>) => Promise<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onMutate: async (change: Partial<T>) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<T>(queryKey);
      if (previous) queryClient.setQueryData<T>(queryKey, { ...previous, ...change });
      return { previous };
    },
    onError: (_error, _next, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
    },
  });
}

export function useSavePrivacy() {
  return useSaveSettings<Privacy>(privacyQueryOptions().queryKey, savePrivacy);
}

// Two-factor sign-in: whether it is on, and the three steps that change it, each of which takes the
// account's current password.
const TWO_FACTOR_PATH = '/api/auth/2fa';

function getTwoFactor(): Promise<TwoFactorStatus> {
  return apiJson(TWO_FACTOR_PATH, twoFactorStatusSchema);
}

const twoFactorQueryOptions = () => queryOptions({ queryKey: ['auth', '2fa'], queryFn: getTwoFactor });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}

/** What a change to two-factor sign-in sends: the current password, and for enable and disable a code. */
export interface TwoFactorChange {
  password: string;
  code: string;
}

function setUpTwoFactor(password: string): Promise<TwoFactorSetup> {
  return apiJson(`${TWO_FACTOR_PATH}/setup`, twoFactorSetupSchema, jsonRequest({ password }));
}

/** A new secret to scan, for the current password; nothing changes until a code from it is confirmed. */
export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

function enableTwoFactor(change: TwoFactorChange): Promise<RecoveryCodes> {
  return apiJson(`${TWO_FACTOR_PATH}/enable`, recoveryCodesSchema, jsonRequest(change));
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    // Not awaited: the answer (the recovery codes) is shown at once, the status follows. Turning it
    // on signs every other session of the account out, so the list of sessions is read again too.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
    },
  });
}

function disableTwoFactor(change: TwoFactorChange): Promise<TwoFactorStatus> {
  return apiJson(`${TWO_FACTOR_PATH}/disable`, twoFactorStatusSchema, jsonRequest(change));
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (status) => queryClient.setQueryData(twoFactorQueryOptions().queryKey, status),
  });
}

// The account's sessions: one per sign-in on a device, each of which can be signed out.
const SESSIONS_PATH = '/api/auth/sessions';

async function getSessions(): Promise<SignedInSession[]> {
  return (await apiJson(SESSIONS_PATH, sessionListSchema)).sessions;
}

const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: getSessions, refetchInterval: PROFILE_REFRESH_MS });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

function revokeSession(id: string): Promise<null> {
  return apiJson(`${SESSIONS_PATH}/${encodeURIComponent(id)}`, noContent, { method: 'DELETE' });
}

/** Signs one session out; it leaves the list at once, and the list is read again after. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  const { queryKey } = sessionsQueryOptions();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: (_done, id) => {
      queryClient.setQueryData(queryKey, (sessions) => sessions?.filter((s) => s.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

function logoutEverywhere(): Promise<null> {
  return apiJson('/api/auth/logout-all', noContent, { method: 'POST' });
}

/** Signs every session out, this browser's included; the caller then clears it here and leaves. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: logoutEverywhere,
    // Its own feeds close as the server signs every session out: not an expiry here.
    onMutate: () => signingOutHere(),
    onError: () => signingOutHere(false),
  });
}

// The player's own punishments with their appeals: read once, then kept current by the social
// socket, which sends the whole list again whenever it changes (an appeal answered, a ban lifted).

async function getOwnPunishments(): Promise<OwnPunishment[]> {
  return (await apiJson('/api/players/me/punishments', ownPunishmentsSchema)).punishments;
}

const ownPunishmentsQueryOptions = () =>
  queryOptions({ queryKey: ['players', 'me', 'punishments'], queryFn: getOwnPunishments });

/**
 * The signed-in player's punishments, newest first, live while an appeal waits: the list the social
 * socket (opened with `token`) sends replaces the one read. Close code 1008 means the session
 * expired (spec 4).
 */
export function useOwnPunishments(token: string | null) {
  const queryClient = useQueryClient();
  const { queryKey } = ownPunishmentsQueryOptions();
  const list = useQuery(ownPunishmentsQueryOptions());
  // Live while an appeal waits for staff: their answer is what the player is waiting for. A profile
  // with nothing pending opens no socket at all.
  const waiting = list.data?.some((p) => p.appeal?.state === 'open') ?? false;
  useFreshToken(token);
  useLiveSocket(
    token && waiting ? `/api/social/ws?token=${encodeURIComponent(token)}` : null,
    (data) => {
      readLiveMessage(socialMessageSchema, data, (message) => {
        if ('punishments' in message) queryClient.setQueryData(queryKey, message.punishments);
      });
    },
    expireOnSessionClose,
  );
  return list;
}

export interface AppealRequest {
  punishment: number;
  text: string;
}

function sendAppeal({ punishment, text }: AppealRequest): Promise<Appeal> {
  return apiJson(`/api/punishments/${punishment}/appeal`, appealSchema, jsonRequest({ text }));
}

/**
 * Appeals a ban or mute: the appeal shows on its punishment at once. A refusal (already appealed,
 * no longer in force) reads the list again, since it has changed under the page.
 */
export function useSendAppeal() {
  const queryClient = useQueryClient();
  const { queryKey } = ownPunishmentsQueryOptions();
  return useMutation({
    mutationFn: sendAppeal,
    onSuccess: (appeal) => {
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((p) => (p.id === appeal.punishment_id ? { ...p, appeal, appealable: false } : p)),
      );
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}

// ---- Which notifications the player receives (the Notifications card) ----

const fromNotifications = schemasOf(() => import('@prison/shared/notifications'));
const notificationPreferencesSchema = fromNotifications('notificationPreferencesSchema');
const PREFERENCES_PATH = '/api/notifications/preferences';

const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: () => apiJson(PREFERENCES_PATH, notificationPreferencesSchema),
  });

export function useNotificationPreferences() {
  return useQuery(preferencesQueryOptions());
}

/** Turns kinds on or off (useSaveSettings). */
export function useSaveNotificationPreference() {
  return useSaveSettings<NotificationPreferences>(preferencesQueryOptions().queryKey, (change) =>
    apiJson(PREFERENCES_PATH, notificationPreferencesSchema, jsonRequest(change, { method: 'PUT' })),
  );
}

// ---- The player's Discord account (the Discord card) ----

const fromDiscordLink = schemasOf(() => import('@prison/shared/discord-link'));
const discordLinkSchema = fromDiscordLink('discordLinkSchema');
const discordAuthorizationSchema = fromDiscordLink('discordAuthorizationSchema');
const DISCORD_PATH = '/api/account/discord';

const discordLinkQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'discord'], queryFn: () => apiJson(DISCORD_PATH, discordLinkSchema) });

/** The linked account, if any, and whether the site offers linking at all. */
export function useDiscordLink() {
  return useQuery(discordLinkQueryOptions());
}

/**
 * Sends the browser to Discord to allow the link: it comes back to /profile saying how it went
 * (DISCORD_RESULT_PARAM). Once it has succeeded, the browser is on its way.
 */
export function useStartDiscordLink() {
  return useMutation({
    mutationFn: () => apiJson(`${DISCORD_PATH}/link`, discordAuthorizationSchema, { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useUnlinkDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson(DISCORD_PATH, discordLinkSchema, { method: 'DELETE' }),
    onSuccess: (link) => queryClient.setQueryData(discordLinkQueryOptions().queryKey, link),
  });
}
