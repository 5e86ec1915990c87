// What every sender of console commands shares (the staff console, punishments and pardons): the
// sender, RCON_ALLOW's reading of a command, and which failure of RCON a command met.
import type { ErrorCode } from '@prison/shared/errors';
import { RconAuthError, type RconError, RconNotConfiguredError, RconTimeoutError } from './client.ts';

export const COMMAND_NOT_ALLOWED = 'That command is not allowed from the site';

/** Sends one console command to the game server and answers its output. */
export interface CommandSender {
  send(command: string): Promise<string>;
}

/** The command's label as RCON_ALLOW lists it: its first word, lower case, without a leading slash. */
export function commandLabel(command: string): string {
  return (command.trim().replace(/^\//, '').split(/\s+/)[0] ?? '').toLowerCase();
}

/** Whether RCON_ALLOW (null: any command) lets `command` through. */
export function commandAllowed(allow: readonly string[] | null, command: string): boolean {
  return !allow || allow.map((entry) => entry.replace(/^\//, '')).includes(commandLabel(command));
}

/** Which failure of RCON a command met: whether retrying can help, and whether it may have run. */
export function rconFailure(error: RconError): ErrorCode {
  if (error instanceof RconNotConfiguredError) return 'rcon_not_configured';
  if (error instanceof RconAuthError) return 'rcon_password_refused';
  if (error instanceof RconTimeoutError) return 'game_server_timeout';
  return 'game_server_unavailable';
}
