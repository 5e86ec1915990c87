// Starts the real server (src/main.ts) as a child process, as `npm start` does.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fakeWebDist } from './helpers.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns the server and waits until it listens (or exits). */
export function spawnServer(env: Record<string, string>): {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DEMO: 'off',
      LOG_LEVEL: 'info',
      WEB_DIST: fakeWebDist(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => output, exited };
}

export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const started = spawnServer(env);
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  started.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output());
    if (match) {
      const port = Number(match[1]);
      return { ...started, port, url: `http://127.0.0.1:${port}` };
    }
    if (exitCode !== undefined) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  started.proc.kill('SIGKILL');
  throw new Error(`server did not start:\n${started.output()}`);
}
