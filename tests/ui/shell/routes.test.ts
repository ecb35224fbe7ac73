/** The hash routes (a parse/format pair), the history entries a start writes and what a popstate means (src/ui/shell/routes.ts). */
import { describe, expect, it } from 'vitest';
import { type Entry, type Route, formatRoute, parseRoute, popAction, startEntries } from '../../../src/ui/shell/routes';

const EVERY_ROUTE: readonly [string, Route][] = [
  ['#/', { screen: 'home' }],
  ['#/new', { screen: 'new' }],
  ['#/demo', { screen: 'demo' }],
  ['#/games', { screen: 'games' }],
  ['#/players', { screen: 'players' }],
  ['#/settings', { screen: 'settings' }],
  ['#/rules', { screen: 'rules' }],
  ['#/learn', { screen: 'learn' }],
  ['#/puzzles', { screen: 'puzzles' }],
  ['#/puzzles/org-931-a', { screen: 'puzzles', puzzleId: 'org-931-a' }],
  ['#/about', { screen: 'about' }],
  ['#/friend', { screen: 'friend' }],
  ['#/openings', { screen: 'openings' }],
  ['#/play/0b6f3c1e-9a7d-4c55-8f0e-2d1a4b7c9e11', { screen: 'play', gameId: '0b6f3c1e-9a7d-4c55-8f0e-2d1a4b7c9e11' }],
  ['#/g/1AEEFF-_', { screen: 'shared', code: '1AEEFF-_' }],
  ['#/g/2AEE.QW5u.Qm9i.xy', { screen: 'shared', code: '2AEE.QW5u.Qm9i.xy' }],
];

describe('routes', () => {
  it.each(EVERY_ROUTE)('%s names its screen, and the screen formats back to it', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    expect(formatRoute(route)).toBe(hash);
  });

  it('reads Home from an empty hash and tolerates a missing or trailing slash', () => {
    expect(parseRoute('')).toEqual({ screen: 'home' });
    expect(parseRoute('#')).toEqual({ screen: 'home' });
    expect(parseRoute('#games')).toEqual({ screen: 'games' });
    expect(parseRoute('#/games/')).toEqual({ screen: 'games' });
  });

  it('escapes a game id that is not URL-safe, and reads it back', () => {
    const route: Route = { screen: 'play', gameId: 'a/b c?#%' };
    expect(formatRoute(route)).toBe('#/play/a%2Fb%20c%3F%23%25');
    expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('names a bad link, with why, for an unknown path, a play route without an id, or a malformed escape', () => {
    for (const hash of ['#/nowhere', '#/home', '#/puzzles/a b', '#/puzzles/a/b'])
      expect(parseRoute(hash), hash).toMatchObject({ screen: 'bad-link', why: 'no-screen' });
    for (const hash of ['#/play', '#/play/', '#/play/a/b', '#/g', '#/g/'])
      expect(parseRoute(hash), hash).toMatchObject({ screen: 'bad-link', why: 'cut-short' });
    expect(parseRoute('#/play/%E0%A4%A')).toEqual({
      screen: 'bad-link',
      path: 'play/%E0%A4%A',
      why: 'broken-escape',
    });
    expect(formatRoute(parseRoute('#/nowhere'))).toBe('#/nowhere');
  });

  it('hands whatever follows g/ to the shared-game screen, which says what is wrong with it', () => {
    for (const code of ['a b', 'a%20b', 'a/b', '1%3Cscript%3E', '1<script>alert(1)</script>'])
      expect(parseRoute(`#/g/${code}`)).toEqual({ screen: 'shared', code });
  });
});

describe('the entries written at start', () => {
  it('on a cold start at a deep URL puts Home under the screen, so Back lands on Home', () => {
    expect(startEntries('#/settings', null)).toEqual([
      { route: { screen: 'home' }, depth: 0 },
      { route: { screen: 'settings' }, depth: 1 },
    ]);
    expect(startEntries('#/play/g1', null)).toEqual([
      { route: { screen: 'home' }, depth: 0 },
      { route: { screen: 'play', gameId: 'g1' }, depth: 1 },
    ]);
  });

  it('on a cold start at Home writes Home alone; at a bad link, the link’s screen over Home', () => {
    expect(startEntries('', null)).toEqual([{ route: { screen: 'home' }, depth: 0 }]);
    expect(startEntries('#/nowhere', { something: 'else' })).toEqual([
      { route: { screen: 'home' }, depth: 0 },
      { route: parseRoute('#/nowhere'), depth: 1 },
    ]);
  });

  it('after a reload writes nothing: the entry and the stack under it are ours already', () => {
    expect(startEntries('#/games', { pente: 1, depth: 2 })).toEqual([]);
  });
});

describe('what a step in history means with sheets and dialogs (popAction)', () => {
  const game: Route = { screen: 'play', gameId: 'g1' };
  const screenEntry: Entry = { route: game, depth: 1, overlay: false };
  const sheetEntry: Entry = { route: game, depth: 1, overlay: true };
  const home: Entry = { route: { screen: 'home' }, depth: 0, overlay: false };
  const idle = { dropping: false, overlayOpen: false };
  const sheetOpen = { dropping: false, overlayOpen: true };

  it('Back from a sheet’s entry to its screen’s, with the sheet open, closes it and stays', () => {
    expect(popAction(sheetEntry, screenEntry, sheetOpen)).toBe('close-overlay');
  });

  it('the router’s own step off a closed sheet’s entry is nothing to act on', () => {
    expect(popAction(sheetEntry, screenEntry, { dropping: true, overlayOpen: false })).toBe('dropped');
  });

  it('between a screen’s entry and a closed sheet’s (Forward, a reload) the screen is already shown', () => {
    expect(popAction(screenEntry, sheetEntry, idle)).toBe('same-screen');
    expect(popAction(sheetEntry, screenEntry, idle)).toBe('same-screen');
    expect(popAction(screenEntry, sheetEntry, sheetOpen)).toBe('same-screen');
  });

  it('anything else is a step to another screen, sheet open or not', () => {
    expect(popAction(screenEntry, home, idle)).toBe('navigate');
    expect(popAction(sheetEntry, home, sheetOpen)).toBe('navigate'); // a long press on Back, past the screen
    expect(popAction(home, sheetEntry, idle)).toBe('navigate'); // Forward onto the sheet's entry from Home
    expect(popAction(screenEntry, { ...screenEntry, depth: 2 }, idle)).toBe('navigate');
    const otherGame: Entry = { route: { screen: 'play', gameId: 'g2' }, depth: 1, overlay: false };
    expect(popAction(sheetEntry, otherGame, sheetOpen)).toBe('navigate');
  });
});
