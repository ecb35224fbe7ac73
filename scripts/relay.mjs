#!/usr/bin/env node
/**
 * The local Nostr relay (issue 30): a real relay, CodyTseng's maintained nostr-relay packages
 * (@nostr-relay/core with its SQLite event store and its message validator), not a test double. `npm start`
 * runs it beside the app, so two browser profiles on one machine can play live with no internet; the e2e
 * tests and CI use it and nothing else.
 *
 *   node scripts/relay.mjs            RELAY_PORT (default 7447) on 127.0.0.1 only, events in .relay/relay-<port>.db
 *   RELAY_DB=:memory: node scripts/relay.mjs   keeps nothing on disk (the tests)
 *
 * Prints `relay ready ws://127.0.0.1:<port>` once it listens; SIGTERM or SIGINT closes every socket and the
 * database, then exits 0.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import common from '@nostr-relay/common';
import core from '@nostr-relay/core';
import sqlite from '@nostr-relay/event-repository-sqlite';
import validatorPackage from '@nostr-relay/validator';
import { WebSocketServer } from 'ws';

const { LogLevel, createOutgoingNoticeMessage } = common;
const { NostrRelay } = core;
const { EventRepositorySqlite } = sqlite;
const { Validator } = validatorPackage;

/** A game event is a few hundred bytes; 64 KiB of message (and 16 KiB of content) leaves room and stops floods of bulk. */
const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_CONTENT_LENGTH = 16 * 1024;

const port = Number(process.env.RELAY_PORT ?? 7447);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`relay: RELAY_PORT "${process.env.RELAY_PORT}" is not a port number.`);
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dbFile = process.env.RELAY_DB ?? join(root, '.relay', `relay-${port}.db`);
if (dbFile !== ':memory:') mkdirSync(dirname(dbFile), { recursive: true });

const repository = new EventRepositorySqlite(dbFile);
await repository.init(); // creates the tables (its migrations) before any client can ask
const relay = new NostrRelay(repository, { logLevel: LogLevel.WARN });
const validator = new Validator({ maxContentLength: MAX_CONTENT_LENGTH });
const server = new WebSocketServer({ port, host: '127.0.0.1', maxPayload: MAX_MESSAGE_BYTES });

server.on('connection', (socket) => {
  relay.handleConnection(socket);
  socket.on('message', async (data) => {
    try {
      await relay.handleMessage(socket, await validator.validateIncomingMessage(data));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(createOutgoingNoticeMessage(text)));
    }
  });
  socket.on('close', () => relay.handleDisconnect(socket));
  // A client that sends more than maxPayload is cut off by ws (close 1009); nothing else to do here.
  socket.on('error', () => {});
});

server.on('listening', () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`relay ready ws://127.0.0.1:${actual} (events in ${dbFile})`);
});
server.on('error', (error) => {
  console.error(`relay: ${error.message}`);
  process.exit(1);
});

// A failure inside the relay's own work for one client (a query that fails) must not end the relay for all.
process.on('unhandledRejection', (reason) =>
  console.error(`relay: ${reason instanceof Error ? reason.message : reason}`),
);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
  await relay.destroy();
  await repository.destroy();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
