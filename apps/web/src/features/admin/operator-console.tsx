import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { CornerDownLeft, History } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { useSendCommand } from './api.ts';
import { AuditLog } from './audit-log.tsx';
import { StaffAccounts } from './staff-accounts.tsx';

/** The console's prompt before a command. */
const PROMPT = '>';
const CARD_HEADING = 'h3';

interface SessionEntry {
  id: number;
  command: string;
  output: string | null;
  error: string | null;
  at: number;
}

/**
 * Spec 2.12 / 5 / 8: the command form, this session's history, the staff accounts and the audit log of
 * staff actions.
 */
export function OperatorConsole() {
  const { t } = useLingui();
  const send = useSendCommand();
  const busy = send.isPending;
  const [command, setCommand] = useState('');
  const [history, setHistory] = useState<SessionEntry[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = command.trim();
    // Spec 5: trimmed; empty is ignored.
    if (!trimmed || busy) return;
    const id = Date.now();
    try {
      const result = await send.mutateAsync(trimmed);
      setHistory((all) => [
        { id, command: result.command, output: result.output, error: null, at: Date.now() },
        ...all,
      ]);
      setCommand('');
    } catch (error) {
      const detail = errorText(error, t`Command failed`);
      setHistory((all) => [{ id, command: trimmed, output: null, error: detail, at: Date.now() }, ...all]);
    }
  }

  return (
    <div className="grid gap-5 xl:grid-cols-5">
      <div className="min-w-0 space-y-4 xl:col-span-3">
        <form onSubmit={submit} className="rounded-2xl border border-line bg-zinc-950 p-3 shadow-card">
          <label htmlFor="admin-command" className="sr-only">
            <Trans comment="Label of the field a command to the game server is typed in">Command</Trans>
          </label>
          <div className="flex items-center gap-2">
            <span aria-hidden className="pl-2 font-mono text-amber-400">
              {PROMPT}
            </span>
            <input
              id="admin-command"
              value={command}
              onChange={(event) => setCommand(event.target.value)}
              placeholder={t({
                message: 'list, tps, say Hello…',
                comment: 'Examples of game server commands: keep list, tps and say as they are',
              })}
              autoComplete="off"
              spellCheck={false}
              className="h-10 min-w-0 flex-1 bg-transparent font-mono text-sm text-zinc-100 placeholder:text-zinc-500 focus:outline-none"
            />
            <button type="submit" disabled={busy} className={buttonClass('primary', 'sm')}>
              <CornerDownLeft aria-hidden className="size-4" />
              {busy ? t`Sending…` : t`Send`}
            </button>
          </div>
        </form>
        <Card title={t`Session history`} icon={<History className="size-5" />} heading={CARD_HEADING}>
          {history.length === 0 ? (
            <p className="text-sm text-fg-muted">
              <Trans>Commands you send from this page appear here with the server's answer.</Trans>
            </p>
          ) : (
            <ol className="space-y-3">
              {history.map((entry) => (
                <li
                  key={entry.id}
                  data-command={entry.command}
                  className="overflow-hidden rounded-xl border border-line"
                >
                  <div className="flex items-center justify-between gap-3 bg-surface-sunken px-3 py-2 font-mono text-xs">
                    <span className="truncate font-semibold text-fg">
                      {PROMPT} {entry.command}
                    </span>
                    <time className="shrink-0 text-fg-muted">{formatTimestamp(entry.at)}</time>
                  </div>
                  <pre
                    className={clsx(
                      'max-h-64 overflow-auto px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap',
                      entry.error ? 'text-rose-700 dark:text-rose-300' : 'text-fg',
                    )}
                  >
                    {entry.error ?? (entry.output || t`(no output)`)}
                  </pre>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <StaffAccounts />
      </div>
      <AuditLog className="xl:col-span-2" />
    </div>
  );
}
