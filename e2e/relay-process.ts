/**
 * A relay of the tests' own: scripts/relay.mjs as a child process on its own port with its events in a
 * file, so a test can kill it (a relay down) and start it again on the same events.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** Starts the relay on `port` with its events in `file`; resolves once it listens. */
export function startRelay(port: number, file: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/relay.mjs'], {
    env: { ...process.env, RELAY_PORT: String(port), RELAY_DB: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('relay ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`relay exited ${code}`)));
  });
}

/** Stops the relay and waits until it is gone (its port free again). */
export async function stopRelay(relay: ChildProcess): Promise<void> {
  if (relay.exitCode !== null || relay.signalCode !== null) return;
  const exited = new Promise((resolve) => relay.once('exit', resolve));
  relay.kill('SIGTERM');
  await exited;
}
