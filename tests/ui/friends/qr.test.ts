/** The send sheet's QR code (src/ui/friends/QrCode.tsx): a long friend link's modules read back as the link. */
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { formatGameLink, legalMoves, newGame, play } from '../../../src/core';
import { QR_QUIET, QR_SCALE, qrModules } from '../../../src/ui/friends/QrCode';
import { rng } from '../../helpers';

/** The modules as the canvas draws them, as RGBA pixels. */
function pixels(dark: readonly (readonly boolean[])[]): { data: Uint8ClampedArray; size: number } {
  const size = (dark.length + 2 * QR_QUIET) * QR_SCALE;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.floor(y / QR_SCALE) - QR_QUIET;
      const c = Math.floor(x / QR_SCALE) - QR_QUIET;
      if (dark[r]?.[c]) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return { data, size };
}

describe('the QR code of a friend link', () => {
  it('holds a whole 150-move 19×19 game with 20-letter names, and reads back as the same link', async () => {
    const random = rng(9);
    let state = newGame({ variant: 'gomoku', size: 19 });
    while (state.moves.length < 150) {
      const moves = legalMoves(state);
      const next = play(state, moves[Math.floor(random() * moves.length)]!);
      if (!next.ok || next.value.result) throw new Error('choose another seed');
      state = next.value;
    }
    const link = `https://pente.example.org/#/g/${formatGameLink({
      state,
      names: ['Ω'.repeat(20), 'Ann-Sophie Åberg-Lind'],
      friend: { gameId: 'AbCdEfGhIjKlMn-_', sender: 2 },
    })}`;
    const dark = await qrModules(link);
    const { data, size } = pixels(dark);
    expect(jsQR(data, size, size)?.data).toBe(link);
    expect(dark.length).toBeLessThanOrEqual(81); // version 16 at most: a phone reads it from a screen
  });
});
