import { Board } from '../board/Board';
import { ScreenHeader } from '../shell/ScreenHeader';
import { navigate } from '../shell/router';

/** A small diagram: rows top first, X black, O white. */
function Diagram({ rows, label }: { rows: string[]; label: string }) {
  const size = rows.length;
  const cells = rows.flatMap((r) => [...r].map((c) => (c === 'X' ? 1 : c === 'O' ? 2 : 0)));
  return (
    <figure class="diagram">
      <Board size={size} cells={cells} disabled onPoint={() => undefined} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

export function Rules() {
  return (
    <main class="text-screen">
      <ScreenHeader title="Rules and help" />
      <button type="button" class="primary rules-try" onClick={() => navigate({ screen: 'learn' })}>
        Try it on the board
      </button>
      <h2>Pente</h2>
      <p>
        Two players take turns placing stones on the points of the board; Black moves first, on the centre. You win by
        making <strong>five or more in a row</strong> (across, down or diagonally) or by{' '}
        <strong>capturing ten stones</strong>.
      </p>
      <Diagram
        rows={['.......', '.......', '.XXXXX.', '.......', '.......', '.......', '.......']}
        label="Five in a row wins."
      />
      <p>
        <strong>Captures:</strong> place a stone so that exactly two of your opponent's stones lie between two of yours,
        in a line, and they are removed. Several pairs can be taken at once. Moving into such a position yourself is
        safe.
      </p>
      <Diagram
        rows={['.......', '.......', '.XOO...', '.......', '.......', '.......', '.......']}
        label="Black plays to the right of the pair and captures it."
      />
      <p>
        <strong>Tournament rule:</strong> Black's second stone must be at least three points away from the centre. The
        forbidden area is shaded on the board when it applies.
      </p>
      <h2>Other games</h2>
      <ul>
        <li>Keryo-Pente: pairs and also exactly three stones can be captured; fifteen stones win.</li>
        <li>Gomoku: no captures; exactly five in a row wins (six does not).</li>
        <li>Freestyle: no captures; five or more in a row wins.</li>
        <li>Boat-Pente: a five wins at once only if none of its stones can be captured next move.</li>
        <li>
          Poof-Pente: a stone that makes your own pair flanked removes that pair, and your opponent gets them; a capture
          win needs ten stones and more than your opponent.
        </li>
      </ul>
      <h2>Playing</h2>
      <p>
        Tap a point to preview your stone (and the stones it would capture); tap it again or press Confirm to place it.
        Settings offer one-tap, confirm-button and drag play. With a keyboard, use the arrow keys and Enter.
      </p>
    </main>
  );
}
