/**
 * The app's language: chosen from the browser or the setting, numbers and plurals by locale, and every
 * lesson's words found in the catalogue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LESSONS, lessonById, lessonPosition, lessonRules, parsePoint, tryLessonMove } from '../../../src/core';
import { resultSentence } from '../../../src/ui/words/game-words';
import { backupImportOutcome } from '../../../src/ui/games/import-report';
import { LESSON_TEXTS, LESSON_TITLES, explanationWords, lessonTitle } from '../../../src/ui/lessons/lesson-words';
import { aboutSeconds } from '../../../src/ui/players/computer-words';
import { levelPlace } from '../../../src/ui/players/level-words';
import { LEVELS } from '../../../src/core';
import { browserLocale, htmlLang, languageChoice, locale, localeFor } from '../../../src/ui/words/locale';
import * as m from '../../../src/ui/words/paraglide/messages.js';

afterEach(() => {
  languageChoice.value = 'auto';
});

describe('the locale', () => {
  it('is the first browser language we have words for; any Chinese is Simplified', () => {
    expect(browserLocale(['de-AT', 'en'])).toBe('de');
    expect(browserLocale(['fr-FR', 'zh-TW', 'de'])).toBe('zh');
    expect(browserLocale(['zh-Hans-CN'])).toBe('zh');
    expect(browserLocale(['en-GB'])).toBe('en');
    expect(browserLocale(['fr', 'pt-BR'])).toBe('en');
    expect(browserLocale([])).toBe('en');
    expect(localeFor('de', ['zh-CN'])).toBe('de');
    expect(localeFor('auto', ['zh-CN'])).toBe('zh');
    expect(htmlLang('zh')).toBe('zh-Hans');
  });

  it('follows the setting, and every message with it', () => {
    const players = [{ name: 'Alice' }, { name: 'Bob' }] as const;
    languageChoice.value = 'de';
    expect(locale.value).toBe('de');
    expect(resultSentence(players, { winner: 1, reason: 'captures' })).toBe('Alice besiegte Bob durch Schlagen');
    languageChoice.value = 'zh';
    expect(resultSentence(players, { winner: 1, reason: 'five' })).toBe('Alice 以五子连珠战胜 Bob');
    languageChoice.value = 'en';
    expect(resultSentence(players, { winner: 1, reason: 'five' })).toBe('Alice beat Bob by five in a row');
  });
});

describe('numbers and plurals by locale', () => {
  it('groups digits and picks the plural form the language has', () => {
    expect(m.games_import_count_games({ count: 12_000 }, { locale: 'en' })).toBe('12,000 games');
    expect(m.games_import_count_games({ count: 1 }, { locale: 'en' })).toBe('1 game');
    expect(m.games_import_count_games({ count: 12_000 }, { locale: 'de' })).toBe('12.000 Spiele');
    expect(m.games_import_count_games({ count: 1 }, { locale: 'de' })).toBe('1 Spiel');
    expect(m.games_import_count_games({ count: 12_000 }, { locale: 'zh' })).toBe('12,000 局对局');
    languageChoice.value = 'de';
    expect(aboutSeconds(1500)).toBe('etwa 1,5 Sekunden');
    expect(aboutSeconds(1000)).toBe('etwa 1 Sekunde');
    expect(levelPlace(LEVELS[0]!)).toBe(`Stufe 1 von ${LEVELS.length} (Lernt gerade)`);
  });

  it('lists the locale’s way', () => {
    const report = {
      gamesAdded: ['a', 'b'],
      gamesRenamed: [],
      gamesDuplicate: [],
      gamesByShelf: { 'in-progress': 0, finished: 2, imported: 0 },
      playersAdded: ['p'],
      playersSkipped: [],
      settingsReplaced: false,
      rejected: [],
      damagedInFile: 0,
      lessonsAdded: 1,
      puzzleAnswersAdded: 0,
      ratingGamesAdded: 0,
      onlineKeys: { becameDevice: false, keptBeside: 0 },
      gamesRepeated: [],
      gamesUpdated: [],
      gamesKept: [],
      undecodable: [],
    };
    languageChoice.value = 'de';
    expect(backupImportOutcome(report).summary).toBe('Importiert: 2 Spiele, 1 Spieler und 1 abgeschlossene Lektion.');
    languageChoice.value = 'zh';
    expect(backupImportOutcome(report).summary).toBe('已导入 2 局对局、1 位棋手和1 节已完成的课程。');
  });
});

describe('the lessons’ words', () => {
  it('has a title, a prompt, right and wrong words and each mistake’s words for every lesson, and no others', () => {
    const ids = LESSONS.map((l) => l.id).sort();
    expect(Object.keys(LESSON_TITLES).sort()).toEqual(ids);
    expect(Object.keys(LESSON_TEXTS).sort()).toEqual(ids);
    for (const lesson of LESSONS) {
      expect(Object.keys(LESSON_TEXTS[lesson.id]!.mistakes).sort(), lesson.id).toEqual([...lesson.mistakes].sort());
      expect(lessonTitle(lesson)).not.toBe(lesson.id);
    }
  });

  it('says what the core judged, with the reply by name, in the chosen language', () => {
    const lesson = lessonById('block')!;
    const start = lessonPosition(lesson);
    if (!start.ok) throw new Error(start.error);
    const size = lessonRules(lesson).size;
    const a = tryLessonMove(lesson, start.value, parsePoint(size, 'A1')!);
    expect(explanationWords(lesson, a, start.value.toMove, size)).toBe(
      'White still makes five next move. Block the open end of the four. White would answer G7, shown on the board.',
    );
    languageChoice.value = 'de';
    expect(explanationWords(lesson, a, start.value.toMove, size)).toMatch(/Weiß würde mit G7 antworten/);
    const occupied = tryLessonMove(lesson, start.value, parsePoint(size, 'E5')!);
    expect(explanationWords(lesson, occupied, start.value.toMove, size)).toBe('E5 ist schon besetzt.');
  });
});
