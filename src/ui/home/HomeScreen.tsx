/**
 * The home screen: the unfinished game as a card (a picture of the board, who plays, whose move it is) or,
 * without one, New game as the hero; the last few results; then the menu as tiles.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { VARIANTS, movesCountOf } from '../../core';
import { type StoredGame, toGameState } from '../../storage';
import { friendStanding, waitsForYou, yourTurnFirst } from '../friends/links';
import { BoardThumbnail } from '../board/BoardThumbnail';
import { KeptGamesNotice } from '../shell/KeptGamesNotice';
import { WIDE_SCREEN, useMedia } from '../shell/media';
import { db, resumable, settings, storageProblem } from '../shell/app-state';
import { colourName, movePlace, resultSentence, timeAgo, variantName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import { homeData, refreshHomeData } from './home-data';
import { type HomeLessons, homeLessons } from './home-lessons';
import { Tile } from './HomeTiles';
import { installDismissed, installPrompt, maybeApple } from '../shell/install';
import { offlineStatus } from '../shell/pwa';
import { type Route, navigate } from '../shell/router';
import './home.css';

/** Opens a game through the live session's module, which is loaded with the first game opened. */
const openGame = (game: { readonly id: string }) => void import('../play/live-session').then((m) => m.openGame(game));

const go = (s: Exclude<Route['screen'], 'play' | 'shared' | 'bad-link'>) => () => navigate({ screen: s });
/** A dashboard card's place while its module loads (as HomeCards' CardSlot, which is not in this chunk). */
const CardSlot = () => <section class="home-card card-slot" aria-hidden="true" />;
function ResumeCard({ game }: { game: StoredGame }) {
  // Replayed once per position: the card shows the board as the game left it.
  const state = useMemo(() => toGameState(game), [game.id, game.moves.length]);
  const toMove: 1 | 2 = state.ok ? state.value.toMove : game.moves.length % 2 === 0 ? 1 : 2;
  const moveNumber = movePlace(game.moves.length + 1, VARIANTS[game.variant]).number;
  const [black, white] = game.players;
  return (
    <section class="resume-card" aria-labelledby="resume-heading">
      <h2 id="resume-heading">{m.home_resume_heading()}</h2>
      <div class="resume-body">
        {state.ok && (
          <BoardThumbnail
            size={game.size}
            cells={state.value.cells}
            lastMove={state.value.moves.at(-1) ?? null}
            label={m.home_resume_board({ count: movesCountOf(VARIANTS[game.variant], game.moves.length) })}
          />
        )}
        <div class="resume-info" id="resume-info">
          <p class="resume-side">
            <span class="dot p1" aria-hidden="true" />
            <span class="side-name">{black.name}</span>
            <span class="sr-only"> {m.home_side_colour({ colour: colourName(1) })}</span>
          </p>
          <p class="resume-side">
            <span class="dot p2" aria-hidden="true" />
            <span class="side-name">{white.name}</span>
            <span class="sr-only"> {m.home_side_colour({ colour: colourName(2) })}</span>
          </p>
          <p class="resume-turn">
            {m.home_resume_turn({
              number: moveNumber,
              name: game.players[toMove - 1]!.name,
              colour: colourName(toMove),
            })}
          </p>
          <p class="resume-rules">
            {variantName(game.variant)} · {game.size}×{game.size}
          </p>
        </div>
      </div>
      <button type="button" class="primary continue" aria-describedby="resume-info" onClick={() => openGame(game)}>
        {m.home_continue_game()}
      </button>
    </section>
  );
}

/** The picture by the New game hero: a few stones of an opening, only decoration. */
const HERO_SIZE = 9;
const HERO_CELLS = (() => {
  const cells = new Uint8Array(HERO_SIZE * HERO_SIZE);
  const black = [40, 32, 48, 23];
  const white = [41, 31, 50, 39];
  for (const p of black) cells[p] = 1;
  for (const p of white) cells[p] = 2;
  return cells;
})();

function Hero() {
  return (
    <section class="hero" aria-labelledby="hero-heading">
      <BoardThumbnail size={HERO_SIZE} cells={HERO_CELLS} lastMove={23} />
      <div class="hero-text">
        <h2 id="hero-heading">{m.home_hero_heading()}</h2>
        <p>{m.home_hero_text()}</p>
      </div>
      <button type="button" class="primary hero-button" onClick={go('new')}>
        {m.home_new_game()}
      </button>
    </section>
  );
}

/**
 * A first-time player's card (no game saved and no lesson done yet: the course, leading Home), on a phone.
 * (Without a database there is no game to count: the lessons alone decide.)
 */
function isFirstTimer(lessons: HomeLessons): boolean {
  const data = homeData.value;
  const noGames = data.kind === 'read' ? data.hasGames === false : db.value === null;
  return noGames && lessons.kind === 'card' && lessons.done === 0;
}

/**
 * A phone's lessons card, until every lesson is done (then the menu has a Lessons tile): to a first-timer
 * the course, else how far the player has got and the lesson to open next. A tablet's Home has its own
 * (HomeCards.tsx).
 */
function LearnCard({ lessons }: { lessons: HomeLessons }) {
  if (lessons.kind !== 'card') return null;
  const started = lessons.done > 0;
  return (
    <section class="learn-card" aria-labelledby="learn-heading">
      <h2 id="learn-heading">{started ? m.home_lessons_heading() : m.home_learn_heading()}</h2>
      {started ? (
        <>
          <p id="learn-progress">{m.home_lessons_count({ done: lessons.done, total: lessons.total })}</p>
          <progress value={lessons.done} max={lessons.total} aria-hidden="true" />
        </>
      ) : (
        <p>{m.home_learn_text()}</p>
      )}
      <button
        type="button"
        class={`hero-button${started ? '' : ' primary'}`}
        aria-describedby={started ? 'learn-progress' : undefined}
        onClick={go('learn')}
      >
        {started ? m.home_lessons_next() : m.home_learn_to_play()}
      </button>
    </section>
  );
}

/** A module of Home's own chunk, fetched once `wanted` (null until it has come). One hook for them all: bytes. */
function useModule<T>(load: () => Promise<T>, wanted = true): T | null {
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    if (wanted && !module) void load().then(setModule);
  }, [wanted]);
  return module;
}

/** The rating against the levels beside the results' heading: its chunk (and its read) come after Home is drawn. */
function RatingBeside() {
  const rating = useModule(() => import('./HomeRating'));
  return rating && <rating.HomeRating />;
}

function RecentResults() {
  const data = homeData.value;
  if (data.kind !== 'read') return null;
  if (data.problem) return <p class="home-note">{m.home_recent_problem({ problem: data.problem })}</p>;
  if (data.recent.length === 0) return null;
  const now = Date.now();
  return (
    <section class="recent" aria-labelledby="recent-heading">
      {/* Floats beside the heading (home.css), so its arrival moves nothing. */}
      <RatingBeside />
      <h2 id="recent-heading">{m.home_recent_heading()}</h2>
      <ul>
        {data.recent.map((g) => (
          <li key={g.id}>
            <button type="button" class="result-row" onClick={() => openGame(g)}>
              <span class={`dot ${g.result.winner ? `p${g.result.winner}` : 'draw'}`} aria-hidden="true" />
              <span class="result-text">
                {resultSentence(g.players, g.result)}
                <small>
                  <span class="sr-only"> · </span>
                  {timeAgo(g.updatedAt, now)} · {m.home_count_moves({ count: g.moves })}
                </small>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * On a first visit, whether the app can work offline yet: a line kept from the first render (the page is
 * not yet controlled by the service worker), so the news moves nothing and covers nothing. Not shown once
 * the app was ready before this visit.
 */
function OfflineStatus() {
  const status = offlineStatus.value;
  if (status === 'none') return null;
  return (
    <p class="offline-status" role="status">
      {/* A new text for each state (key): text replaced in place would count as shifted, where it is centred. */}
      <span key={status}>
        {status === 'preparing'
          ? m.home_offline_preparing()
          : status === 'ready'
            ? m.home_offline_ready()
            : m.home_offline_failed()}
      </span>
    </p>
  );
}

/**
 * The install offer, where the browser offers one (or on an iPhone or iPad, the steps: the card's module
 * tells an Apple phone or tablet from a Mac): a card after the
 * menu (it can arrive at any moment, and there it moves nothing). Its module, words included, is fetched
 * only when there is an offer: most visits never need it, and the first screen's budget is tight.
 */
function InstallOffer() {
  const offered = (installPrompt.value !== null || maybeApple) && !installDismissed.value;
  const card = useModule(() => import('./InstallCard'), offered);
  return offered && card ? <card.InstallCard /> : null;
}

/** How many friend games Home lists (the Games screen has them all). */
const FRIEND_COUNT = 5;

/** Unfinished friend games: whose turn it is, and when the last move came. */
function FriendGames() {
  const data = homeData.value;
  const games = data.kind === 'read' ? yourTurnFirst(data.friends).slice(0, FRIEND_COUNT) : [];
  if (games.length === 0) return null;
  const now = Date.now();
  return (
    <section class="recent friend-games" aria-labelledby="friend-heading">
      <h2 id="friend-heading">{m.home_friend_heading()}</h2>
      <ul>
        {games.map((g) => {
          const mySide = g.friend!.mySide;
          const standing = friendStanding({
            ...g,
            ...g.friend!,
            mySide,
            synced: g.friend!.synced,
            pinned: g.friend!.pinned,
          });
          return (
            <li key={g.id}>
              <button type="button" class="result-row" onClick={() => openGame(g)}>
                <span class={`dot p${mySide}`} aria-hidden="true" />
                <span class="result-text">
                  {g.players[2 - mySide]} · {standing}
                  <small>
                    <span class="sr-only"> · </span>
                    {VARIANTS[g.variant]?.name ?? g.variant} {g.size}×{g.size} ·{' '}
                    {m.home_friend_last_move({ when: timeAgo(g.updatedAt, now) })}
                  </small>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function Home() {
  const game = resumable.value;
  // A tablet's Home is a dashboard (two columns: the game and the puzzle of the day, the results and the
  // lessons, then the menu); a phone's is one short column, or two held sideways (the menu on the right).
  // Every screen opens at its top (router.ts).
  const wide = useMedia(WIDE_SCREEN);
  // The dashboard's cards (the puzzle pack's reader, the lessons) are not part of a phone's first chunk.
  const cards = useModule(() => import('./HomeCards'), wide);
  useEffect(() => {
    // Read before the first render (startApp); again on every return, as games end and are deleted.
    void refreshHomeData(db.value);
  }, []);
  const problem = storageProblem.value;
  const data = homeData.value;
  const friendsLead = data.kind === 'read' && data.friends.some(waitsForYou);
  const lessons = homeLessons(settings.value.lessonsDone);
  // A first-timer's course leads Home; anyone else's progress follows their game.
  const lessonsFirst = !game && isFirstTimer(lessons);
  const third = !wide && lessons.kind === 'tile';
  const feed = (
    <>
      <KeptGamesNotice />
      <OfflineStatus />
      {problem && (
        <p class="home-note warn" role="alert">
          {problem}
        </p>
      )}
      {!wide && lessonsFirst && <LearnCard lessons={lessons} />}
      {/* A friend game waiting for this player's move leads Home, above Continue. */}
      {friendsLead && <FriendGames />}
      {game ? <ResumeCard game={game} /> : <Hero />}
      {!wide && !lessonsFirst && <LearnCard lessons={lessons} />}
      {wide && (cards ? <cards.PuzzleOfTheDay /> : <CardSlot />)}
      {!friendsLead && <FriendGames />}
      <RecentResults />
      {wide && (cards ? <cards.LessonsCard /> : <CardSlot />)}
    </>
  );
  return (
    <main class="home">
      <h1 class="title">{m.home_title()}</h1>
      {/* A phone's cards in one column of their own: held sideways, the menu stands beside them. */}
      {wide ? feed : <div class="home-feed">{feed}</div>}
      <nav class="home-menu" aria-label={m.home_menu_label()}>
        {game && <Tile icon="new" label={m.home_new_game()} onClick={go('new')} width="primary" />}
        <Tile icon="friend" label={m.home_tile_play_friend()} onClick={go('friend')} width="half" />
        <Tile icon="people" label={m.home_tile_play_someone()} onClick={go('people')} width="half" />
        <Tile icon="games" label={m.home_tile_games()} onClick={go('games')} />
        <Tile icon="players" label={m.home_tile_players()} onClick={go('players')} />
        <Tile icon="settings" label={m.home_tile_settings()} onClick={go('settings')} />
        <Tile icon="puzzles" label={m.home_tile_puzzles()} onClick={go('puzzles')} width="half" />
        <Tile icon="demo" label={m.home_tile_demo()} onClick={go('demo')} width="half" />
        {!wide && lessons.kind === 'tile' && <Tile icon="learn" label={m.home_tile_lessons()} onClick={go('learn')} />}
        {/* Beside a Lessons tile, three to a row. */}
        <Tile icon="rules" label={m.home_tile_rules()} onClick={go('rules')} width={third ? 'third' : 'half'} />
        <Tile icon="about" label={m.home_tile_about()} onClick={go('about')} width={third ? 'third' : 'half'} />
      </nav>
      <InstallOffer />
    </main>
  );
}
