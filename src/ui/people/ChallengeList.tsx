/** Parts of "Play someone now": one's own open challenge, others' challenges, and the blocked players. */
import type { OpenChallenge } from '../../net/challenges';
import { fingerprint } from '../../net/identity';
import { navigate } from '../shell/router';
import * as m from '../words/paraglide/messages.js';
import { clockWords, gameWords, playerWords, ratingWords, seatWords } from './people-words';

/** "Pente 19×19 · 10 min + 0 s", the clock kept on one line. */
const Terms = ({ challenge }: { challenge: OpenChallenge }) => (
  <strong>
    {gameWords(challenge.terms)} · <span class="nowrap">{clockWords(challenge.terms.clock)}</span>
  </strong>
);

export function MyChallenge({ challenge, onWithdraw }: { challenge: OpenChallenge; onWithdraw: () => void }) {
  return (
    <div class="challenge mine" data-testid="my-challenge">
      <div class="challenge-text">
        <Terms challenge={challenge} />
        <span>{seatWords(challenge.terms, 'challenger')}</span>
        <span class="challenge-waiting" role="status">
          {m.people_waiting()}
        </span>
      </div>
      <div class="challenge-actions">
        <button type="button" onClick={onWithdraw}>
          {m.people_withdraw()}
        </button>
      </div>
    </div>
  );
}

export interface ListedChallenge {
  readonly challenge: OpenChallenge;
  /** This device accepted it and waits for the challenger's confirmation. */
  readonly waiting: boolean;
}

function ChallengeRow({
  listed,
  onAccept,
  onBlock,
}: {
  listed: ListedChallenge;
  onAccept: () => void;
  onBlock: () => void;
}) {
  const { challenge, waiting } = listed;
  const player = playerWords(challenge);
  return (
    <li class="challenge" data-author={challenge.author} data-challenge={challenge.id}>
      <div class="challenge-text">
        <Terms challenge={challenge} />
        <span>{seatWords(challenge.terms, 'acceptor')}</span>
        <span class="challenge-player">
          <span class="fingerprint-small">{m.people_player({ player })}</span>
          <span data-testid="challenge-rating" title={m.people_rating_label()}>
            {ratingWords(challenge.rating)}
          </span>
        </span>
        {waiting && (
          <span class="challenge-waiting" role="status">
            {m.people_waiting_answer()}
          </span>
        )}
      </div>
      <div class="challenge-actions">
        <button
          type="button"
          class="primary"
          disabled={waiting}
          aria-label={m.people_accept_label({ player })}
          onClick={onAccept}
        >
          {m.people_accept()}
        </button>
        <button type="button" aria-label={m.people_block_label({ player })} onClick={onBlock}>
          {m.people_block()}
        </button>
      </div>
    </li>
  );
}

export function OpenChallenges({
  others,
  onAccept,
  onBlock,
}: {
  others: readonly ListedChallenge[];
  onAccept: (challenge: OpenChallenge) => void;
  onBlock: (key: string) => void;
}) {
  if (others.length === 0)
    return (
      <div class="people-empty">
        <p>{m.people_empty()}</p>
        <button type="button" onClick={() => navigate({ screen: 'new' })}>
          {m.people_play_computer()}
        </button>
      </div>
    );
  return (
    <ul class="challenge-list" data-testid="open-challenges">
      {others.map((listed) => (
        <ChallengeRow
          key={listed.challenge.eventId}
          listed={listed}
          onAccept={() => onAccept(listed.challenge)}
          onBlock={() => onBlock(listed.challenge.author)}
        />
      ))}
    </ul>
  );
}

export function BlockedPlayers({ keys, onUnblock }: { keys: readonly string[]; onUnblock: (key: string) => void }) {
  if (keys.length === 0) return null;
  return (
    <details class="blocked-players">
      <summary>{m.people_blocked_heading()}</summary>
      <ul>
        {keys.map((key) => {
          const player = fingerprint(key);
          return (
            <li key={key} data-key={key}>
              <span class="fingerprint-small">{player}</span>
              <button type="button" aria-label={m.people_unblock_label({ player })} onClick={() => onUnblock(key)}>
                {m.people_unblock()}
              </button>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
