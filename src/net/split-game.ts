/**
 * The id of the game that leaves a diverged pair when both lines are kept (core/friend.ts's
 * resolveDivergence): derived from the game's id and that line, so the two devices, each choosing on its
 * own, name the new game alike and its links and events still meet one copy on each side. SHA-256, cut to a
 * friend game id's 96 bits.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { type GameMoves, FRIEND_GAME_ID, encodeGameLink } from '../core';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function splitGameId(gameId: string, line: GameMoves): string {
  const ending = line.result ? `${line.result.winner ?? 0}${line.result.reason}` : '';
  const hash = sha256(
    new TextEncoder().encode(
      `pente/split/v1:${gameId}:${encodeGameLink(line.rules, line.moves, line.seatChoice ?? null, line.swap2Pass === true)}:${ending}`,
    ),
  );
  let id = '';
  for (let i = 0; i < 16; i++) id += DIGITS[hash[i]! & 63]!;
  if (!FRIEND_GAME_ID.test(id)) throw new Error('A derived game id is 16 base64url digits.');
  return id;
}
