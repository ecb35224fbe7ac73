/** The divergence sheet's view (src/ui/friends/divergence-model.ts): where two lines part, each one's step there. */
import { describe, expect, it } from 'vitest';
import { concede } from '../../../src/core';
import { divergenceView, stepAt } from '../../../src/ui/friends/divergence-model';
import { game } from '../../helpers';

const opts = { size: 19 } as const;
const phone = game(opts, 'K10 C17 C3');
const tablet = game(opts, 'K10 A17');

describe('the divergence view', () => {
  it('names the move where the lines part and each line’s move there', () => {
    expect(divergenceView(phone, tablet, 'bb', 'aa')).toEqual({
      move: 2,
      common: 1,
      mine: { kind: 'move', side: 2, point: 'C17' },
      theirs: { kind: 'move', side: 2, point: 'A17' },
      otherDevice: true,
    });
    expect(divergenceView(phone, tablet, 'aa', 'aa')!.otherDevice).toBe(false);
    expect(divergenceView(phone, tablet, null, 'aa')!.otherDevice).toBe(false);
  });

  it('an ending where one line has no move; nothing where a line has neither; null for lines that do not part', () => {
    const resigned = concede(game(opts, 'K10'), 2, 'resignation');
    const view = divergenceView(resigned, tablet, null, null)!;
    expect(view.mine).toEqual({ kind: 'end', result: resigned.result });
    expect(view.theirs).toEqual({ kind: 'move', side: 2, point: 'A17' });
    expect(stepAt(tablet, 3)).toEqual({ kind: 'none' });
    expect(divergenceView(phone, game(opts, 'K10 C17'), null, null)).toBeNull();
    expect(divergenceView(phone, phone, null, null)).toBeNull();
  });
});
