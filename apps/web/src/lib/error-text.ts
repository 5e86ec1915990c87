// What a page says when the API refuses something (docs/translations.md, Errors). Every error answer
// is `{detail, code}` (packages/shared/src/errors.ts): `detail` is an English sentence, `code` a
// stable name. In English the page shows the server's own sentence, as it always has (it can be more
// precise: "Only 3 left"); in any other language, the catalogue's message for the code, so that no
// page shows an English error in German. A code the web app does not know yet (a newer server) falls
// back to the detail, and an answer without either to the caller's own message.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '@prison/shared/errors';
import { SOURCE_LANGUAGE } from '@prison/shared/languages';
import { isHttpError } from './api.ts';
import { activeI18n } from './i18n.ts';

/**
 * Codes only the owner's console meets: worded in the console's own catalogue, by the page that
 * meets them (features/admin/webhook-errors.ts), so that the site's catalogue, which every page
 * loads, does not carry them.
 */
export type ConsoleErrorCode =
  | 'webhook_address_refused'
  | 'webhook_exists'
  | 'too_many_webhooks'
  | 'unknown_webhook'
  | 'unknown_webhook_message'
  | 'webhook_message_not_parked'
  | 'webhook_failed'
  | 'webhook_rate_limited';

/** Each code a person may meet on the site's pages, worded for them. */
export const ERROR_MESSAGES: Record<Exclude<ErrorCode, ConsoleErrorCode>, MessageDescriptor> = {
  invalid_request: msg`Something in the form is not valid. Check it and try again.`,
  malformed_json: msg`The request could not be read. Please try again.`,
  body_too_large: msg`That is too large to send.`,
  unsupported_media_type: msg`The request could not be read. Please try again.`,
  bad_request: msg`The request could not be read. Please try again.`,
  headers_too_large: msg`The request could not be read. Please try again.`,
  no_such_endpoint: msg`The site does not know that request. Reload the page and try again.`,
  no_such_file: msg`That file does not exist.`,
  websocket_required: msg`The live connection could not be opened.`,
  bad_websocket_handshake: msg`The live connection could not be opened.`,
  cross_site_socket: msg`The live connection could not be opened.`,
  too_many_connections: msg`Too many live connections are open from your address. Close a tab and try again.`,
  rate_limited: msg`Too many requests. Wait a moment and try again.`,
  server_restarting: msg`The site is restarting. Try again in a moment.`,
  database_unavailable: msg`The site cannot reach its database right now. Try again shortly.`,
  database_busy: msg`The site was busy and nothing was changed. Please try again.`,
  internal_error: msg`Something went wrong on the site. Please try again.`,
  not_signed_in: msg`Sign in to do that.`,
  session_expired: msg`Your session has expired. Sign in again.`,
  session_ended: msg`Your session has ended. Sign in again.`,
  invalid_credentials: msg`Wrong username or password.`,
  too_many_failed_sign_ins: msg`Too many failed sign-ins. Wait a while and try again.`,
  two_factor_required: msg`Enter the code from your authenticator app.`,
  wrong_two_factor_code: msg`That code is not right.`,
  wrong_password: msg`Your current password is not right.`,
  two_factor_already_on: msg`Two-factor sign-in is already on.`,
  two_factor_not_on: msg`Two-factor sign-in is not on.`,
  two_factor_setup_not_started: msg`Start the two-factor setup again.`,
  unknown_session: msg`That session no longer exists.`,
  not_permitted: msg`Your account may not do that.`,
  staff_two_factor_required: msg`Staff tools need two-factor sign-in: turn it on in your profile first.`,
  staff_sign_in_with_code: msg`Staff tools need a sign-in with a two-factor code: sign in again with one.`,
  invalid_token: msg`The access token is missing or no longer valid.`,
  unknown_player: msg`No player has that name.`,
  unknown_gang: msg`That gang does not exist.`,
  unknown_category: msg`That auction category does not exist.`,
  unknown_listing: msg`That listing does not exist.`,
  unknown_doc: msg`That doc does not exist.`,
  unknown_revision: msg`That revision of the doc does not exist.`,
  not_your_activity: msg`You can only see your own activity.`,
  statistics_private: msg`This player keeps their statistics private.`,
  invalid_cursor: msg`The list has changed. Start again from the first page.`,
  cannot_buy_own_listing: msg`You cannot buy your own listing.`,
  listing_sold_out: msg`This listing has sold out.`,
  not_enough_left: msg`Fewer are left than you asked for.`,
  not_enough_money: msg`Your balance does not cover the total.`,
  idempotency_key_reused: msg`That purchase was already made differently. Reload the page and try again.`,
  doc_changed: msg`Someone changed this doc since you opened it. Reload it to see their changes.`,
  doc_not_deleted: msg`This doc is not deleted.`,
  doc_too_large: msg`The doc is too long.`,
  docs_full: msg`The docs are full. Delete or shorten a doc first.`,
  docs_history_full: msg`The docs' history is full. The site's owner can make room for more.`,
  previews_busy: msg`Too many previews are being drawn. Try again shortly.`,
  unknown_credential: msg`That credential does not exist.`,
  credential_name_taken: msg`A credential with that name already exists. Revoke it or choose another name.`,
  discord_linking_off: msg`This site does not offer linking a Discord account.`,
  command_not_allowed: msg`That command is not allowed.`,
  rcon_not_configured: msg`No RCON connection to the game server is set up.`,
  rcon_password_refused: msg`The game server refused the RCON password.`,
  game_server_unavailable: msg`The game server cannot be reached. The command was not sent.`,
  game_server_timeout: msg`The game server did not answer in time. The command may or may not have run.`,
  events_refused: msg`The game server's events were refused.`,
  event_invalid: msg`The game server sent an event that is not valid.`,
  listing_exists: msg`That listing already exists.`,
  cannot_befriend_self: msg`A player cannot befriend themselves.`,
  staff_account_refused: msg`The game server may not change this account.`,
  unknown_punishment: msg`That punishment does not exist.`,
  punishment_history_private: msg`This player keeps their punishment history private.`,
  not_your_punishment: msg`You can only appeal your own punishments.`,
  punishment_not_appealable: msg`Only a ban or mute that is still in force can be appealed.`,
  appeal_exists: msg`You have already appealed this punishment.`,
  unknown_appeal: msg`That appeal does not exist.`,
  appeal_decided: msg`That appeal has already been decided.`,
  punishment_not_in_force: msg`That punishment is no longer in force.`,
  punishment_exists: msg`That punishment already exists.`,
  punishment_not_revocable: msg`A kick cannot be revoked.`,
  revoked_before_issued: msg`A punishment cannot be revoked before it was issued.`,
  unknown_action: msg`No such staff action.`,
  value_refused: msg`A value was refused.`,
};

type Messages = Partial<Record<ErrorCode, MessageDescriptor>>;

const messageFor = (code: string | undefined, messages: Messages): MessageDescriptor | undefined =>
  code !== undefined && Object.hasOwn(messages, code) ? messages[code as ErrorCode] : undefined;

/**
 * What to tell the reader about `error`: in English the server's detail, in another language the
 * message for its code (from the site's catalogue, or `consoleMessages` for the console's own codes;
 * the detail when the code is unknown), else `fallback` (already in the page's language).
 */
export function errorText(
  error: unknown,
  fallback: string,
  consoleMessages?: Record<ConsoleErrorCode, MessageDescriptor>,
): string {
  if (!isHttpError(error)) return fallback;
  const i18n = activeI18n();
  if (i18n.locale === SOURCE_LANGUAGE) return error.detail ?? fallback;
  const message = messageFor(error.code, ERROR_MESSAGES) ?? messageFor(error.code, consoleMessages ?? {});
  if (message) return i18n._(message);
  // A console code met without the console's words: the caller's own message, in the page's language.
  return CONSOLE_CODES.has(error.code ?? '') ? fallback : (error.detail ?? fallback);
}

const CONSOLE_CODES = new Set<string>([
  'webhook_address_refused',
  'webhook_exists',
  'too_many_webhooks',
  'unknown_webhook',
  'unknown_webhook_message',
  'webhook_message_not_parked',
  'webhook_failed',
  'webhook_rate_limited',
] satisfies ConsoleErrorCode[]);
