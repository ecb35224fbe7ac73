/**
 * Storage's public surface: IndexedDB (through idb) for games, players, settings and the openings book,
 * JSON and pente.org transfer, and the persistence request. Every call returns an error value, never throws.
 */
export * from './add-games';
export * from './analyses';
export * from './book';
export * from './computer-settings';
export * from './computer-rating';
export {
  DB_NAME,
  DB_VERSION,
  type OpenOptions,
  type PenteDb,
  type PenteSchema,
  type UpgradeStep,
  UPGRADE_STEPS,
  openDatabase,
  runUpgradeSteps,
} from './db';
export * from './defaults';
export * from './errors';
export { type ExportedFile, exportFile } from './export-file';
export { type ChosenFileOptions, type ChosenFileReport, type ImportPhase, importChosenFile } from './import-file';
export { MAX_TEXT_MB, forMessage, readFileText, readImportFile } from './file-text';
export type { FileRecord, ImportContent } from './import-content';
export type { KeptGame } from './restore-games';
export * from './games';
export * from './journal';
export * from './puzzle-journal';
export * from './pente-org';
export * from './persistence';
export * from './players';
export * from './records';
export * from './settings';
export * from './transfer';
export * from './validate';
export * from './game-record';
export * from './library';
export * from './finished-openings';
export * from './summaries';
export * from './game-filter';
export * from './puzzles';
export * from './lessons';
export * from './progress';
export * from './friend-games';
export * from './friend-divergence';
export * from './online-keys';
export {
  type FeedChannel,
  type FeedChannelFactory,
  type GameChange,
  type GamesFeed,
  type GamesListener,
  type StoreChange,
  type StoreTopic,
  createGamesFeed,
  createStoreFeed,
  onGamesChanged,
  onStoreChange,
  useFeedChannels,
} from './feed';
export * from './live-friend';
