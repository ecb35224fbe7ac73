import { Board } from '../board/Board';
import { ScreenHeader } from '../shell/ScreenHeader';
import { navigate } from '../shell/router';
import * as m from '../words/paraglide/messages.js';
import './info.css';

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

/**
 * A paragraph whose message marks its stressed words with `**…**`: each language keeps the whole sentence
 * and puts the stress where its word order has the words (the odd parts are the stressed ones).
 */
function Stressed({ text }: { text: string }) {
  return <p>{text.split('**').map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</p>;
}

export function Rules() {
  return (
    <main class="text-screen">
      <ScreenHeader title={m.info_rules_title()} />
      <button type="button" class="primary rules-try" onClick={() => navigate({ screen: 'learn' })}>
        {m.info_rules_try()}
      </button>
      <h2>{m.info_rules_pente_heading()}</h2>
      <Stressed text={m.info_rules_pente()} />
      <Diagram
        rows={['.......', '.......', '.XXXXX.', '.......', '.......', '.......', '.......']}
        label={m.info_rules_five_caption()}
      />
      <Stressed text={m.info_rules_captures()} />
      <Diagram
        rows={['.......', '.......', '.XOO...', '.......', '.......', '.......', '.......']}
        label={m.info_rules_capture_caption()}
      />
      <Stressed text={m.info_rules_tournament()} />
      <h2>{m.info_rules_other_heading()}</h2>
      <ul>
        <li>{m.info_rules_keryo()}</li>
        <li>{m.info_rules_gomoku()}</li>
        <li>{m.info_rules_freestyle()}</li>
        <li>{m.info_rules_boat()}</li>
        <li>{m.info_rules_poof()}</li>
      </ul>
      <h2>{m.info_rules_playing_heading()}</h2>
      <p>{m.info_rules_playing()}</p>
    </main>
  );
}
