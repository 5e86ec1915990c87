// The simulator logs through whatever the host gives it: the site's server passes its pino logger
// (whose methods take an object then a message), the command line uses the console.

export type LogFn = (data: Record<string, unknown>, message: string) => void;

export interface SimulatorLog {
  /** Chatty details (each delivery socket reconnect, each drained page); hosts may leave it out. */
  debug?: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

const format = (data: Record<string, unknown>) => {
  const entries = Object.entries(data);
  return entries.length
    ? ` ${entries.map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ')}`
    : '';
};

export const consoleLog: SimulatorLog = {
  info: (data, message) => console.log(`[simulator] ${message}${format(data)}`),
  warn: (data, message) => console.warn(`[simulator] ${message}${format(data)}`),
  error: (data, message) => console.error(`[simulator] ${message}${format(data)}`),
};

/** A host may also pass a plain function of one line of text. */
export type LogOption = SimulatorLog | ((line: string) => void);

export function toSimulatorLog(option: LogOption | undefined): SimulatorLog {
  if (option === undefined) return consoleLog;
  if (typeof option !== 'function') return option;
  const line: LogFn = (data, message) => option(`${message}${format(data)}`);
  return { info: line, warn: line, error: line };
}

export const silentLog: SimulatorLog = { info: () => {}, warn: () => {}, error: () => {} };
