// The webhooks' error codes, worded in the console's own catalogue (lib/error-text.ts,
// ConsoleErrorCode): only the owner's webhooks page meets them.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConsoleErrorCode } from '../../lib/error-text.ts';

export const WEBHOOK_ERROR_MESSAGES: Record<ConsoleErrorCode, MessageDescriptor> = {
  webhook_address_refused: msg`That is not a Discord webhook address. Copy it from the channel's settings: Integrations, Webhooks.`,
  webhook_exists: msg`That webhook address has been added already.`,
  too_many_webhooks: msg`The site keeps as many webhook addresses as it may. Remove one first.`,
  unknown_webhook: msg`That webhook address is no longer there.`,
  unknown_webhook_message: msg`That message is no longer there.`,
  webhook_message_not_parked: msg`That message is not parked any more: it waits or has been sent.`,
  webhook_failed: msg`Discord did not take the message.`,
  webhook_rate_limited: msg`Discord asks to wait before the next message. Try again in a little while.`,
};
