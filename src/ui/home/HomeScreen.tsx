/**
 * The home screen: the unfinished game as a card (a picture of the board, who plays, whose move it is) or,
 * without one, New game as the hero; the last few results; then the menu as tiles.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { VARIANTS } from '../../core';
import { type StoredGame, toGameState } from '../../storage';
import { friendStanding, waitsForYou, yourTurnFirst } from '../friends/links';
import { BoardThumbnail } from '../board/BoardThumbnail';
import { KeptGamesNotice } from '../shell/KeptGamesNotice';
import type * as HomeCardsModuleNs from './HomeCards';
import type * as InstallCardModuleNs from './InstallCard';
import { WIDE_SCREEN, useMedia } from '../shell/media';
import { db, resumable, settings, storageProblem } from '../shell/app-state';
import { colourName, resultSentence, timeAgo, variantName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import { homeData, refreshHomeData } from './home-data';
import { installDismissed, installPrompt } from '../shell/install';
import { offlineStatus } from '../shell/pwa';
import { type Route, navigate } from '../shell/router';
import './home.css';

/** Opens a game through the live session's module, which is loaded with the first game opened. */
const openGame = (game: { readonly id: string }) => void import('../play/live-session').then((m) => m.openGame(game));

const go = (s: Exclude<Route['screen'], 'play' | 'shared' | 'bad-link'>) => () => navigate({ screen: s });
type HomeCardsModule = typeof HomeCardsModuleNs;
type InstallCardModule = typeof InstallCardModuleNs;
/** A dashboard card's place while its module loads (as HomeCards' CardSlot, which is not in this chunk). */
const CardSlot = () => <section class="home-card card-slot" aria-hidden="true" />;
function ResumeCard({ game }: { game: StoredGame }) {
  // Replayed once per position: the card shows the board as the game left it.
  const state = useMemo(() => toGameState(game), [game.id, game.moves.length]);
  const toMove: 1 | 2 = state.ok ? state.value.toMove : game.moves.length % 2 === 0 ? 1 : 2;
  const moveNumber = game.moves.length + 1;
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
            label={m.home_resume_board({ count: game.moves.length })}
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
            {m.home_resume_turn({ move: moveNumber, name: game.players[toMove - 1]!.name, colour: colourName(toMove) })}
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
 * The tutorial, offered to a first-time player: no game saved and no lesson done yet. (Without a database
 * there is no game to count: the lessons alone decide.)
 */
function LearnCard() {
  const data = homeData.value;
  const noGames = data.kind === 'read' ? data.hasGames === false : db.value === null;
  if (!noGames || settings.value.lessonsDone.length > 0) return null;
  return (
    <section class="learn-card" aria-labelledby="learn-heading">
      <h2 id="learn-heading">{m.home_learn_heading()}</h2>
      <p>{m.home_learn_text()}</p>
      <button type="button" class="primary hero-button" onClick={go('learn')}>
        {m.home_learn_to_play()}
      </button>
    </section>
  );
}

function RecentResults() {
  const data = homeData.value;
  if (data.kind !== 'read') return null;
  if (data.problem) return <p class="home-note">{m.home_recent_problem({ problem: data.problem })}</p>;
  if (data.recent.length === 0) return null;
  const now = Date.now();
  return (
    <section class="recent" aria-labelledby="recent-heading">
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
                  {timeAgo(g.updatedAt, now)} · {m.home_count_moves({ count: g.moveCount })}
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
 * The install offer, where the browser offers one: a card after the menu (it can arrive at any moment, and
 * there it moves nothing). Its module, words included, is fetched only when the browser offers: most visits
 * never need it, and the first screen's budget is tight.
 */
function InstallOffer() {
  const offered = installPrompt.value !== null && !installDismissed.value;
  const [card, setCard] = useState<InstallCardModule | null>(null);
  useEffect(() => {
    if (offered && !card) void import('./InstallCard').then(setCard);
  }, [offered]);
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
          const standing = friendStanding({ ...g, mySide, synced: g.friend!.synced, pinned: g.friend!.pinned });
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

/** The menu's icons: simple line drawings in the text colour, decoration only. */
const ICONS: Record<string, ComponentChildren> = {
  demo: (
    <>
      <circle cx="8" cy="12" r="4.5" fill="currentColor" />
      <circle cx="16" cy="12" r="4.5" />
    </>
  ),
  games: <path d="M5 6h14M5 12h14M5 18h10" />,
  players: (
    <>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20c0-4 3-6 7-6s7 2 7 6" />
    </>
  ),
  settings: (
    <>
      <path d="M4 7h16M4 17h16" />
      <circle cx="9" cy="7" r="2.2" fill="currentColor" />
      <circle cx="15" cy="17" r="2.2" fill="currentColor" />
    </>
  ),
  rules: (
    <>
      <path d="M5 5h6a2 2 0 0 1 2 2v12a2 2 0 0 0-2-2H5zM19 5h-4a2 2 0 0 0-2 2v12a2 2 0 0 1 2-2h4z" />
    </>
  ),
  about: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 11v5M12 8v.5" />
    </>
  ),
  new: <path d="M12 5v14M5 12h14" />,
  friend: (
    <>
      <circle cx="8" cy="9" r="3" />
      <circle cx="16.5" cy="9" r="3" fill="currentColor" />
      <path d="M3 19c0-3 2.2-5 5-5s5 2 5 5M12.5 19c.3-2.8 2-5 4-5 2.6 0 4.5 2 4.5 5" />
    </>
  ),
  people: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c-2.6 2.4-3.8 5.2-3.8 8.5s1.2 6.1 3.8 8.5M12 3.5c2.6 2.4 3.8 5.2 3.8 8.5s-1.2 6.1-3.8 8.5" />
    </>
  ),
  puzzles: (
    <>
      <path d="M5 5h14v14H5zM5 12h14M12 5v14" />
      <circle cx="8.5" cy="8.5" r="2" fill="currentColor" />
      <circle cx="15.5" cy="15.5" r="2" />
    </>
  ),
};

/** A menu tile: a third of a row, half of one, the whole row, or the whole row as the main action. */
type TileWidth = 'third' | 'half' | 'wide' | 'primary';
const TILE_CLASS: Record<TileWidth, string> = {
  third: 'tile',
  half: 'tile tile-half',
  wide: 'tile tile-wide',
  primary: 'tile tile-wide primary',
};

function Tile({
  icon,
  label,
  onClick,
  width = 'third',
}: {
  icon: string;
  label: string;
  onClick: () => void;
  width?: TileWidth;
}) {
  return (
    <button type="button" class={TILE_CLASS[width]} onClick={onClick}>
      <svg class="tile-icon" viewBox="0 0 24 24" aria-hidden="true">
        {ICONS[icon]}
      </svg>
      <span>{label}</span>
    </button>
  );
}

export function Home() {
  const game = resumable.value;
  // A tablet's Home is a dashboard (two columns: the game and the puzzle of the day, the results and the
  // lessons, then the menu); a phone's is one short column. Every screen opens at its top (router.ts).
  const wide = useMedia(WIDE_SCREEN);
  // The dashboard's cards (the puzzle pack's reader, the lessons) are not part of a phone's first chunk.
  const [cards, setCards] = useState<HomeCardsModule | null>(null);
  useEffect(() => {
    if (wide && !cards) void import('./HomeCards').then(setCards);
  }, [wide]);
  useEffect(() => {
    // Read before the first render (startApp); again on every return, as games end and are deleted.
    void refreshHomeData(db.value);
  }, []);
  const problem = storageProblem.value;
  const data = homeData.value;
  const friendsLead = data.kind === 'read' && data.friends.some(waitsForYou);
  return (
    <main class="home">
      <h1 class="title">{m.home_title()}</h1>
      <KeptGamesNotice />
      <OfflineStatus />
      {problem && (
        <p class="home-note warn" role="alert">
          {problem}
        </p>
      )}
      {!game && !wide && <LearnCard />}
      {/* A friend game waiting for this player's move leads Home, above Continue. */}
      {friendsLead && <FriendGames />}
      {game ? <ResumeCard game={game} /> : <Hero />}
      {wide && (cards ? <cards.PuzzleOfTheDay /> : <CardSlot />)}
      {!friendsLead && <FriendGames />}
      <RecentResults />
      {wide && (cards ? <cards.LessonsCard /> : <CardSlot />)}
      <nav class="home-menu" aria-label={m.home_menu_label()}>
        {game && <Tile icon="new" label={m.home_new_game()} onClick={go('new')} width="primary" />}
        <Tile icon="friend" label={m.home_tile_play_friend()} onClick={go('friend')} width="half" />
        <Tile icon="people" label={m.home_tile_play_someone()} onClick={go('people')} width="half" />
        <Tile icon="games" label={m.home_tile_games()} onClick={go('games')} />
        <Tile icon="players" label={m.home_tile_players()} onClick={go('players')} />
        <Tile icon="settings" label={m.home_tile_settings()} onClick={go('settings')} />
        <Tile icon="puzzles" label={m.home_tile_puzzles()} onClick={go('puzzles')} width="half" />
        <Tile icon="demo" label={m.home_tile_demo()} onClick={go('demo')} width="half" />
        <Tile icon="rules" label={m.home_tile_rules()} onClick={go('rules')} width="half" />
        <Tile icon="about" label={m.home_tile_about()} onClick={go('about')} width="half" />
      </nav>
      <InstallOffer />
    </main>
  );
}
