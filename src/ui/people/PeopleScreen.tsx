/**
 * "Play someone now" (issue 30): publish an open challenge, see others' (with the rating each challenger
 * shows, their own record), accept one, withdraw one's own, block a key. The lobby runs in people.ts; this
 * screen only draws it.
 */
import { useEffect } from 'preact/hooks';
import { ScreenHeader } from '../shell/ScreenHeader';
import { settings } from '../shell/app-state';
import * as m from '../words/paraglide/messages.js';
import { BlockedPlayers, MyChallenge, OpenChallenges } from './ChallengeList';
import { ChallengeForm } from './ChallengeForm';
import {
  acceptChallenge,
  blockPlayer,
  lobbyNotice,
  myRating,
  peopleStatus,
  peopleView,
  publishChallenge,
  startPeople,
  unblockPlayer,
  withdrawChallenge,
} from './people';
import './people.css';

function MyRating() {
  const rating = myRating.value;
  if (!rating) return null;
  return (
    <p class="people-note" data-testid="my-rating">
      {rating.games === 0
        ? m.people_my_rating_new()
        : m.people_my_rating({ rating: rating.rating, count: rating.games })}
    </p>
  );
}

function Notice() {
  const notice = lobbyNotice.value;
  if (!notice) return null;
  return (
    <p class="notice" role="alert">
      {notice.kind === 'taken' ? m.people_taken() : m.people_no_answer()}
    </p>
  );
}

export function People() {
  useEffect(() => void startPeople(), []);
  const status = peopleStatus.value;
  const view = peopleView();
  return (
    <main class="form-screen people">
      <ScreenHeader title={m.people_title()} />
      <p class="people-note">{m.people_intro()}</p>
      {status.kind === 'failed' ? (
        <p class="notice" role="alert">
          {m.people_failed({ why: status.why })}
        </p>
      ) : !view ? (
        <p role="status">{m.people_starting()}</p>
      ) : (
        <div class="people-columns">
          <section class="people-mine" aria-labelledby="people-mine-heading">
            <h2 id="people-mine-heading">{m.people_your_challenge()}</h2>
            {view.mine.length > 0 ? (
              view.mine.map((c) => <MyChallenge key={c.id} challenge={c} onWithdraw={() => withdrawChallenge(c.id)} />)
            ) : (
              <ChallengeForm onPublish={publishChallenge} />
            )}
            <MyRating />
          </section>
          <section class="people-open" aria-labelledby="people-open-heading">
            <h2 id="people-open-heading">{m.people_open_heading()}</h2>
            <Notice />
            <OpenChallenges others={view.others} onAccept={acceptChallenge} onBlock={(key) => void blockPlayer(key)} />
            <BlockedPlayers keys={settings.value.blockedKeys} onUnblock={(key) => void unblockPlayer(key)} />
          </section>
        </div>
      )}
    </main>
  );
}
