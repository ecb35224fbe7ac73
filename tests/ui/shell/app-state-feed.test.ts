/**
 * The shell follows the other tabs: when another tab saves the settings (the language, the theme) or the
 * players, storage's feed says so and this tab reads them again, without a reload.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FeedChannelFactory,
  type PenteDb,
  addPlayer,
  openDatabase,
  saveSettings,
  useFeedChannels,
} from '../../../src/storage';
import { players, settings, startApp } from '../../../src/ui/shell/app-state';
import { languageChoice, locale } from '../../../src/ui/words/locale';
import { freshFactory } from '../../storage/helpers';

/** Waits until `check` holds, a microtask turn at a time (the feed's reads are IndexedDB requests). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
}

describe("the shell hears another tab's settings and players", () => {
  let restore: () => void;
  let otherTab: PenteDb;

  beforeEach(async () => {
    const factory = freshFactory();
    (globalThis as { indexedDB?: IDBFactory }).indexedDB = factory;
    // This tab's end of the channel hears what the "other tab" posts; the other tab's writes post to it.
    const listeners: ((e: { data: unknown }) => void)[] = [];
    const channels: FeedChannelFactory = () => ({
      postMessage: (data) => listeners.forEach((l) => l({ data })),
      addEventListener: (_t, l) => void listeners.push(l),
      close: () => undefined,
    });
    restore = useFeedChannels(channels);
    await startApp();
    const opened = await openDatabase({ factory });
    if (!opened.ok) throw new Error(opened.error.message);
    otherTab = opened.value;
  });

  afterEach(() => {
    restore();
    otherTab.close();
    delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    languageChoice.value = 'auto';
  });

  it('takes the language and theme another tab saved', async () => {
    expect(locale.value).toBe('en');
    const saved = await saveSettings(otherTab, { language: 'de', theme: 'dark' });
    expect(saved.ok).toBe(true);
    await until(() => locale.value === 'de');
    expect(settings.value.theme).toBe('dark');
    expect(languageChoice.value).toBe('de');
  });

  it('lists a player another tab added', async () => {
    const before = players.value.length;
    const added = await addPlayer(otherTab, { kind: 'human', name: 'Zelda' });
    expect(added.ok).toBe(true);
    await until(() => players.value.some((p) => p.name === 'Zelda'));
    expect(players.value.length).toBe(before + 1);
  });
});
