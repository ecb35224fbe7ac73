/** Vitest's global setup: the messages the tests import are compiled from the current catalogues. */
import { compileWords } from '../../scripts/compile-words';

export default async function setup(): Promise<void> {
  await compileWords();
}
